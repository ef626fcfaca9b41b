import { useTranslation } from "../../../utils/use-translation";
import { Form, Link } from "react-router";
import { staffEventViews } from "../../../../core/contracts/staff-catalogue";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localeNames } from "../../../../core/i18n/locales";
import { AdminTable } from "../../../components/admin/admin-table";
import { useLocalizedHref } from "../../../utils/locale";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/events";

export { loader } from "./events.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.events.title")) : [];

/** The back office's events: upcoming, past or archived (a GET form, so it works without scripts), each with its state and translation mark. */
export default function AdminEventsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { events, view, categories, categoryId } = loaderData;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 id="page-title" className="font-display text-3xl font-bold text-navy-900">
          {t("admin.events.title")}
        </h1>
        <Link to={href("/admin/events/new")} className="rounded-full bg-navy-900 px-5 py-2.5 text-sm font-semibold text-white hover:bg-navy-700">
          {t("admin.events.new")}
        </Link>
      </div>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <label className="text-sm font-semibold text-navy-900">
          {t("admin.events.view")}
          <select name="view" defaultValue={view} className="mt-1 block rounded-lg border border-navy-900/20 bg-white px-3 py-2 font-normal">
            {staffEventViews.map((option) => (
              <option key={option} value={option}>
                {t(`admin.events.views.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-semibold text-navy-900">
          {t("admin.events.category")}
          <select name="category" defaultValue={categoryId ?? ""} className="mt-1 block rounded-lg border border-navy-900/20 bg-white px-3 py-2 font-normal">
            <option value="">{t("admin.events.allCategories")}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id} lang={category.fallback ? "en" : undefined}>
                {category.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-full border border-navy-900/20 bg-white px-4 py-2 text-sm font-semibold text-navy-900">
          {t("admin.events.show")}
        </button>
      </Form>
      <div className="rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10">
        <h2 id="events-title" className="px-5 pt-5 font-display text-xl font-semibold text-navy-900 sm:px-6">
          {t(`admin.events.views.${view}`)} ({events.length})
        </h2>
        {events.length === 0 ? (
          <p className="px-5 pb-5 pt-2 text-ink-soft sm:px-6">{t("admin.events.empty")}</p>
        ) : (
          <AdminTable
            labelledBy="events-title"
            minWidth="52rem"
            headers={[t("admin.events.event"), t("admin.events.dates"), t("admin.events.places"), t("admin.events.state"), t("admin.events.translations")]}
          >
            {events.map((event) => (
              <tr key={event.uuid}>
                <th scope="row" className="px-5 py-3 font-normal sm:px-6">
                  <Link to={href(`/admin/events/${event.uuid}`)} className="font-semibold text-navy-900 underline underline-offset-4">
                    {event.title}
                  </Link>
                  <span className="block text-ink-soft">{event.category}</span>
                </th>
                <td className="px-3 py-3">{event.dates}</td>
                <td className="px-3 py-3 tabular-nums">
                  {event.places_taken} / {event.capacity}
                </td>
                <td className="px-3 py-3">
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${event.published ? "bg-success-50 text-success-700" : "bg-navy-50 text-ink-soft"}`}
                  >
                    {t(event.archived ? "admin.events.archived" : event.published ? "admin.events.published" : "admin.events.unpublished")}
                  </span>
                </td>
                <td className="px-3 py-3">
                  {event.missingLocales.length === 0 ? (
                    <span className="text-success-700">✓ {t("admin.events.complete")}</span>
                  ) : (
                    <span className="text-danger-700">
                      {t("admin.events.missing", {
                        count: event.missing_translations.length,
                        languages: event.missingLocales.map((locale) => localeNames[locale]).join(", "),
                      })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
    </div>
  );
}
