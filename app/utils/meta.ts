import type { MetaDescriptor } from "react-router";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";

/** `{page title} {separator} {suffix}`: the spec's title pattern. */
export function composeTitle(locale: Locale, pageTitle: string): string {
  const t = translatorFor(locale);
  return `${pageTitle} ${t("site.titleSeparator")} ${t("site.name")}`;
}

/**
 * Title and description tags of a page. Routes pass their catalogue meta entry (`meta.events.title`)
 * where one exists, otherwise the page's own title (a content page's name, a category's name).
 */
export function pageMeta(locale: Locale, title: string, description?: string): MetaDescriptor[] {
  const content = description ?? translatorFor(locale)("site.tagline");
  return [
    { title: composeTitle(locale, title) },
    { name: "description", content },
    { property: "og:title", content: title },
    { property: "og:description", content },
  ];
}
