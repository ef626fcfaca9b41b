import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { defaultLocale, localeFromPath, locales, localizePath } from "../../core/i18n/locales";
import { formatDate } from "../../core/domain/dates";
import { orNotFoundPage } from "../utils/route-errors.server";
import type { Alternates } from "../utils/alternates";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/content-page";

/** /{slug}: a content page (terms, privacy, imprint). A slug of another language redirects to this one's. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const page = await orNotFoundPage(context.services.getPageBySlug(locale, params.slug));
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

export const meta: Route.MetaFunction = ({ data: loaderData }) => (loaderData ? pageMeta(loaderData.locale, loaderData.page.name) : []);

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  const { t } = useTranslation();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-display text-4xl font-bold text-navy-900">{page.name}</h1>
      <p className="mt-2 text-sm text-ink-soft">
        {t("content.updated")} <time dateTime={page.updated_at}>{loaderData.updatedOn}</time>
      </p>
      <div
        className="rich-text mt-8 rounded-2xl bg-white p-5 text-ink shadow-sm ring-1 ring-navy-900/10 sm:p-10"
        dangerouslySetInnerHTML={{ __html: page.content }}
      />
    </article>
  );
}
