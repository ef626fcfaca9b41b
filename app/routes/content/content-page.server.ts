import { redirect } from "react-router";
import { defaultLocale, localeFromPath, locales, localizePath } from "../../../core/i18n/locales";
import { formatDate } from "../../../core/domain/dates";
import { orNotFound } from "../../utils/http-errors.server";
import type { Alternates } from "../../utils/alternates";
import type { Route } from "./+types/content-page";
import { webContext } from "../../../server/load-context";

/** /{slug}: a content page (terms, privacy, imprint). A slug of another language redirects to this one's. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const page = await orNotFound(web.services.getPageBySlug(locale, params.slug));
  if (page.slug !== params.slug) throw redirect(localizePath(`/${page.slug}`, locale), 301);
  const alternates = Object.fromEntries(
    page.translations.map((translation) => [translation.locale, localizePath(`/${translation.slug}`, translation.locale)]),
  ) as Alternates;
  return {
    locale,
    page,
    updatedOn: formatDate(page.updated_at.slice(0, 10), locale),
    alternates: Object.fromEntries(locales.map((other) => [other, alternates[other] ?? localizePath(`/${page.slug}`, other)])) as Alternates,
  };
}
