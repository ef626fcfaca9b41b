import { Link } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { defaultLocale, localeFromPath, localizePath } from "../../../core/i18n/locales";
import { EventStateBadge } from "../../components/event-card";
import { pageMeta } from "../../utils/meta";
import type { RouteHandle } from "../../utils/route-handle";
import { withoutHydration } from "../../utils/static-page";
import { useTranslation } from "../../utils/use-translation";
import type { Route } from "./+types/calendar";

export { loader } from "./calendar.server";
// Plain HTML, no app JavaScript in the browser (decision 056): the months are plain links.
export const handle = { caching: "public", ...withoutHydration } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData, location }) => {
  const locale = loaderData?.locale ?? localeFromPath(location.pathname) ?? defaultLocale;
  const t = translatorFor(locale);
  return pageMeta(locale, loaderData ? `${t("calendar.title")}: ${loaderData.title}` : t("calendar.title"), t("calendar.intro"));
};

const monthLink =
  "inline-flex items-center gap-1 rounded-full px-4 py-2 text-sm font-semibold text-navy-900 ring-1 ring-inset ring-navy-900/15 hover:bg-navy-50";

/** The published events by month: a list per month (readable on a phone), each event with its dates, place, state and page. */
export default function CalendarPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, title, events, links } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <p className="text-sm font-semibold uppercase tracking-wide text-ink-soft">{t("calendar.title")}</p>
        <h1 className="mt-1 font-display text-4xl font-bold text-navy-900 sm:text-5xl">{title}</h1>
        <p className="mt-3 text-lg text-ink-soft">{t("calendar.intro")}</p>
      </header>
      <nav aria-label={t("calendar.months")} className="mt-6 flex flex-wrap items-center justify-between gap-3">
        <Link to={links.previous} className={monthLink}>
          <span aria-hidden="true">←</span> {links.previousTitle}
        </Link>
        <Link to={links.next} className={monthLink}>
          {links.nextTitle} <span aria-hidden="true">→</span>
        </Link>
      </nav>
      {events.length === 0 ? (
        <p className="mt-8 rounded-2xl bg-white p-8 text-center text-ink-soft ring-1 ring-navy-900/10">{t("calendar.empty", { month: title })}</p>
      ) : (
        <ol className="mt-8 space-y-4" aria-label={t("calendar.eventsOf", { month: title })}>
          {events.map((event) => (
            <li key={event.uuid} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10" data-testid="calendar-event">
              <p className="text-sm font-semibold text-navy-700">
                <time dateTime={event.starts_on}>{event.display.dates}</time>
              </p>
              <h2 className="mt-1 font-display text-xl font-semibold text-navy-900">
                <Link to={localizePath(`/events/${event.category.slug}/${event.slug}`, locale)} className="hover:underline">
                  {event.title}
                </Link>
              </h2>
              <p className="mt-1 text-sm text-ink-soft">
                {event.location} · {event.category.name}
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-2">
                <EventStateBadge state={event.state} />
                {event.state === "bookable" && event.places_left <= 5 && (
                  <span className="text-sm font-semibold text-danger-700">{t("event.placesLeft", { count: event.places_left })}</span>
                )}
                {event.state === "bookable" && event.form_uuid && (
                  <Link
                    to={localizePath(`/booking/${event.form_uuid}`, locale)}
                    className="ml-auto rounded-full bg-navy-900 px-4 py-1.5 text-sm font-semibold text-white hover:bg-navy-800"
                  >
                    {t("event.book")}
                    <span className="sr-only">: {event.title}</span>
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
      <p className="mt-10">
        <Link to={localizePath("/events", locale)} className="font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900">
          {t("calendar.allEvents")}
        </Link>
      </p>
    </div>
  );
}
