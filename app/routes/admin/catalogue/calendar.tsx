import { Link } from "react-router";
import { translatorFor } from "../../../../core/i18n/i18n";
import { pageMeta } from "../../../utils/meta";
import { useTranslation } from "../../../utils/use-translation";
import type { CalendarPageView } from "./calendar.server";
import type { Route } from "./+types/calendar";

export { loader } from "./calendar.server";

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.calendar.title")), { name: "robots", content: "noindex" }] : [];

type CalendarEvent = CalendarPageView["days"][number]["events"][number];

const pill = "rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-inset";
const idlePill = `${pill} text-navy-800 ring-navy-800/25 hover:bg-navy-100`;
const currentPill = `${pill} bg-navy-800 text-white ring-navy-800`;

function EventEntry({ event, compact }: { event: CalendarEvent; compact: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={compact ? "rounded-lg bg-navy-50 p-2 text-xs" : "rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-navy-900/10"}>
      <Link to={event.href} className="font-semibold text-navy-800 underline underline-offset-2 hover:text-navy-700 [overflow-wrap:anywhere]">
        {event.title}
      </Link>
      {!event.published && <span className="ml-1 text-ink-soft">({t("admin.calendar.archived")})</span>}
      <p className="mt-0.5 tabular-nums text-ink">{event.places}</p>
      {event.waitlist && <p className="tabular-nums text-ink-soft">{event.waitlist}</p>}
    </div>
  );
}

/** Wide screens: the grid of weeks, Monday first; each day lists its events. */
function CalendarGrid({ calendar }: { calendar: CalendarPageView }) {
  const { t } = useTranslation();
  return (
    <div className="hidden overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10 md:block">
      <div className="grid grid-cols-7 bg-navy-50 text-xs font-semibold uppercase tracking-wide text-navy-900" aria-hidden="true">
        {calendar.weekdays.map((name) => (
          <div key={name} className="px-2 py-2">
            {name}
          </div>
        ))}
      </div>
      <ol className="grid grid-cols-7 divide-x divide-y divide-navy-900/10 border-t border-navy-900/10">
        {calendar.days.map((day) => (
          <li
            key={day.date}
            aria-label={day.events.length ? t("admin.calendar.eventsOfDay", { day: day.label }) : day.label}
            className={`min-h-24 space-y-1 p-1.5 ${day.outside ? "bg-navy-50/50 text-ink-soft" : ""} ${calendar.view === "week" ? "min-h-48" : ""}`}
          >
            <p className={`text-xs font-semibold ${day.today ? "inline-block rounded-full bg-navy-800 px-2 text-white" : ""}`}>
              <time dateTime={day.date}>{day.number}</time>
            </p>
            {day.events.map((event) => (
              <EventEntry key={event.uuid} event={event} compact />
            ))}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** Phones: the days that have events, in order, as a list (a seven-column grid does not fit 390 px). */
function CalendarAgenda({ calendar }: { calendar: CalendarPageView }) {
  const { t } = useTranslation();
  const days = calendar.days.filter((day) => day.events.length > 0);
  return (
    <ol className="space-y-4 md:hidden">
      {days.map((day) => (
        <li key={day.date} aria-label={t("admin.calendar.eventsOfDay", { day: day.label })}>
          <h2 className={`mb-2 text-sm font-semibold ${day.today ? "text-navy-800" : "text-navy-900"}`}>
            <time dateTime={day.date}>{day.label}</time>
            {day.today && ` · ${t("admin.calendar.today")}`}
          </h2>
          <div className="space-y-2">
            {day.events.map((event) => (
              <EventEntry key={event.uuid} event={event} compact={false} />
            ))}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** `/admin/calendar` (+ /de): a month or week of event dates with the dashboard's figures (issue 31). */
export default function AdminCalendar({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { calendar } = loaderData;
  return (
    <div className="space-y-6">
      <div>
        <h1 className="font-display text-3xl font-semibold text-navy-900">{t("admin.calendar.title")}</h1>
        <p className="mt-1 text-sm text-ink-soft">{t("admin.calendar.intro")}</p>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <nav aria-label={t("admin.calendar.viewsLabel")} className="flex gap-2">
          {(["month", "week"] as const).map((view) => (
            <Link key={view} to={calendar.links[view]} aria-current={calendar.view === view ? "page" : undefined} className={calendar.view === view ? currentPill : idlePill}>
              {t(`admin.calendar.views.${view}`)}
            </Link>
          ))}
        </nav>
        <nav aria-label={calendar.title} className="flex flex-wrap items-center gap-2">
          <Link to={calendar.links.previous} rel="prev" className={idlePill}>
            <span aria-hidden="true">← </span>
            {t(`admin.calendar.previous.${calendar.view}`)}
          </Link>
          <Link to={calendar.links.today} className={idlePill}>
            {t("admin.calendar.today")}
          </Link>
          <Link to={calendar.links.next} rel="next" className={idlePill}>
            {t(`admin.calendar.next.${calendar.view}`)}
            <span aria-hidden="true"> →</span>
          </Link>
        </nav>
      </div>
      <h2 className="font-display text-2xl font-semibold text-navy-900" aria-live="polite">
        {calendar.title}
      </h2>
      {!calendar.hasEvents && <p className="rounded-2xl bg-white p-6 text-center text-sm text-ink-soft shadow-sm ring-1 ring-navy-900/10">{t("admin.calendar.noEvents")}</p>}
      <CalendarGrid calendar={calendar} />
      <CalendarAgenda calendar={calendar} />
    </div>
  );
}
