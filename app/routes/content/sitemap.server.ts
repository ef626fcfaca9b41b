import { defaultLocale, locales, localizePath, type Locale } from "../../../core/i18n/locales";
import { webContext } from "../../../server/load-context";
import type { Route } from "./+types/sitemap";

/** One page in every language it exists in: locale → path. */
type PageInLanguages = Partial<Record<Locale, string>>;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** Each page once per language, each naming all its languages and x-default (Google's "hreflang in sitemaps"). */
export function sitemapXml(origin: string, pages: PageInLanguages[]): string {
  const absolute = (path: string) => escapeXml(new URL(path, origin).toString());
  const urls = pages.flatMap((page) => {
    const present = locales.filter((locale) => page[locale] !== undefined);
    const links = present.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${absolute(page[locale] ?? "")}"/>`);
    const fallback = page[defaultLocale] ?? page[present[0] ?? defaultLocale];
    if (fallback !== undefined) links.push(`    <xhtml:link rel="alternate" hreflang="x-default" href="${absolute(fallback)}"/>`);
    return present.map((locale) => [`  <url>`, `    <loc>${absolute(page[locale] ?? "")}</loc>`, ...links, `  </url>`].join("\n"));
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...urls,
    `</urlset>`,
    "",
  ].join("\n");
}

const inEveryLanguage = (path: string): PageInLanguages => Object.fromEntries(locales.map((locale) => [locale, localizePath(path, locale)]));

/** GET /sitemap.xml: home, the event list, each category, each event page and each content page, in both languages (decision 024). */
export async function loader({ context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const { services } = web;
  const [categories, eventSlugs, pages] = await Promise.all([
    services.listCategories(defaultLocale),
    services.listEventPageSlugs(),
    services.listPages(defaultLocale, { page: 1, per_page: 100 }),
  ]);
  const categorySlug = (categoryId: number, locale: Locale) =>
    categories.find((category) => category.id === categoryId)?.translations.find((translation) => translation.locale === locale)?.slug ?? String(categoryId);
  const eventPages = new Map<string, PageInLanguages>();
  for (const slug of eventSlugs) {
    const page = eventPages.get(slug.eventId) ?? {};
    page[slug.locale] = localizePath(`/events/${categorySlug(slug.categoryId, slug.locale)}/${slug.slug}`, slug.locale);
    eventPages.set(slug.eventId, page);
  }
  const all: PageInLanguages[] = [
    inEveryLanguage("/"),
    inEveryLanguage("/events"),
    inEveryLanguage("/calendar"),
    ...categories.map((category) =>
      Object.fromEntries(category.translations.map((translation) => [translation.locale, localizePath(`/events/${translation.slug}`, translation.locale)])),
    ),
    ...eventPages.values(),
    ...pages.data.map((page) =>
      Object.fromEntries(page.translations.map((translation) => [translation.locale, localizePath(`/${translation.slug}`, translation.locale)])),
    ),
  ];
  return new Response(sitemapXml(web.publicOrigin, all), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
