import { Link } from "react-router";
import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { BookingsPerDayChart } from "../../components/admin/bookings-per-day-chart";
import { ParticipantExports } from "../../components/admin/participant-exports";
import { PlacesBar } from "../../components/admin/places-bar";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/dashboard";

export { loader } from "./dashboard.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.dashboard.title")) : [];

type Dashboard = Route.ComponentProps["loaderData"]["dashboard"];

const sectionClass = "rounded-2xl bg-white p-4 shadow-sm ring-1 ring-navy-900/10 sm:p-6";
const linkClass = "font-semibold text-navy-700 underline underline-offset-4 hover:text-navy-900";

function EventCard({ event }: { event: Dashboard["events"][number] }) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const headingId = `event-${event.uuid}`;
  const minimum =
    event.min_participants === null || event.min_participants_reached === null
      ? t("admin.dashboard.minimumNone")
      : t(event.min_participants_reached ? "admin.dashboard.minimumReached" : "admin.dashboard.minimumNotReached", { count: event.min_participants });
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-inset ring-navy-900/15" data-event={event.uuid}>
        <h3 id={headingId} className="font-display text-lg font-semibold text-navy-900">
          {event.title}
        </h3>
        <p className="text-sm text-ink-soft">
          {event.display.dates}
          {!event.published && (
            <span className="ml-2 rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold text-gold-600">{t("admin.dashboard.unpublished")}</span>
          )}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 text-sm lg:grid-cols-4">
          <div className="col-span-2">
            <dt className="font-semibold text-navy-900">{t("admin.dashboard.places")}</dt>
            <dd className="mt-1">
              <PlacesBar places={event.places} bar={event.display.bar} />
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-navy-900">{t("admin.dashboard.minimum")}</dt>
            <dd className="mt-1 flex items-center gap-1.5">
              <span aria-hidden="true" className={event.min_participants_reached === false ? "text-danger-700" : "text-success-700"}>
                {event.min_participants_reached === false ? "✗" : "✓"}
              </span>
              {minimum}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-navy-900">{t("admin.dashboard.waitlist")}</dt>
            <dd className="mt-1">
              {t("admin.dashboard.waitlistSummary", { entries: event.waitlist.entries, places: event.waitlist.places })}{" "}
              <Link to={href(`/admin/events/${event.uuid}/waitlist`)} className={linkClass} aria-label={t("admin.waitlist.title", { event: event.title })}>
                {t("admin.waitlist.manage")}
              </Link>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-navy-900">{t("admin.dashboard.paid")}</dt>
            <dd className="mt-1 tabular-nums">{event.display.paid}</dd>
          </div>
          <div>
            <dt className="font-semibold text-navy-900">{t("admin.dashboard.outstanding")}</dt>
            <dd className="mt-1 tabular-nums">{event.display.outstanding}</dd>
          </div>
          <div className="col-span-2">
            <dt className="font-semibold text-navy-900">{t("admin.dashboard.exports")}</dt>
            <dd className="mt-1">
              <ParticipantExports files={event.exports} event={{ uuid: event.uuid, title: event.title, dates: event.display.dates }} />
            </dd>
          </div>
        </dl>
      </article>
    </li>
  );
}

function Warnings({ warnings, callBacksHref }: { warnings: Dashboard["warnings"]; callBacksHref: string }) {
  const { t } = useTranslation();
  const open = warnings.filter((warning) => warning.count > 0);
  if (open.length === 0) return <p className="text-sm text-ink">{t("admin.dashboard.noWarnings")}</p>;
  return (
    <ul className="space-y-4">
      {open.map((warning) => (
        <li key={warning.kind} data-warning={warning.kind}>
          <h3 className="flex items-center gap-2 font-semibold text-navy-900">
            <span className="inline-flex min-w-7 justify-center rounded-full bg-danger-50 px-2 py-0.5 text-sm font-bold text-danger-700 ring-1 ring-inset ring-danger-700/30">
              {warning.count}
            </span>
            {t(`admin.dashboard.warnings.${warning.kind}`)}
          </h3>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {warning.entries.map((entry) => (
              <li key={entry.key}>
                <Link to={entry.href} className={linkClass}>
                  {entry.code ?? t("admin.dashboard.noCode")}
                </Link>{" "}
                <span className="tabular-nums text-ink-soft">{entry.amount}</span>
              </li>
            ))}
          </ul>
          {warning.more > 0 && <p className="mt-1 text-sm text-ink-soft">{t("admin.dashboard.warningMore", { count: warning.more })}</p>}
          {warning.kind === "sma_pending" && (
            <p className="mt-1 text-sm">
              <Link to={callBacksHref} className={linkClass}>
                {t("admin.dashboard.openCallBacks")}
              </Link>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** `/admin`: per upcoming event its places, money, waitlist and exports; what needs action; bookings per day (issue 13, decision 031). */
export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { dashboard } = loaderData;
  return (
    <div className="space-y-6">
      <header>
        <h1 className="font-display text-3xl font-semibold text-navy-900">{t("admin.dashboard.title")}</h1>
        <p className="mt-1 text-sm text-ink-soft">{t("admin.dashboard.intro", { at: dashboard.generatedAt })}</p>
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="warnings-title" className={sectionClass}>
          <h2 id="warnings-title" className="font-display text-xl font-semibold text-navy-900">
            {t("admin.dashboard.warningsTitle")}
          </h2>
          <div className="mt-3">
            <Warnings warnings={dashboard.warnings} callBacksHref={dashboard.callBacksHref} />
          </div>
        </section>
        <section aria-labelledby="per-day-title" className={sectionClass}>
          <h2 id="per-day-title" className="font-display text-xl font-semibold text-navy-900">
            {t("admin.dashboard.perDayTitle")}
          </h2>
          <div className="mt-3">
            <BookingsPerDayChart perDay={dashboard.perDay} />
          </div>
        </section>
      </div>
      <section aria-labelledby="events-title" className={sectionClass}>
        <h2 id="events-title" className="font-display text-xl font-semibold text-navy-900">
          {t("admin.dashboard.eventsTitle")}
        </h2>
        {dashboard.events.length === 0 ? (
          <p className="mt-3 text-sm text-ink">{t("admin.dashboard.noEvents")}</p>
        ) : (
          <ul className="mt-3 space-y-4">
            {dashboard.events.map((event) => (
              <EventCard key={event.uuid} event={event} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
