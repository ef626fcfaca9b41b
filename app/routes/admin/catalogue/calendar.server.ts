import { data } from "react-router";
import { staffCalendarQuerySchema, type StaffCalendar } from "../../../../core/contracts/staff-calendar";
import { calendarRange, calendarTitle, isOnDay, weekdayNames, type CalendarView } from "../../../../core/domain/calendar-range";
import { formatDate } from "../../../../core/domain/dates";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../../core/i18n/locales";
import { openStaffDesk } from "../../../utils/staff-desk.server";
import type { Route } from "./+types/calendar";

const href = (pathname: string, view: CalendarView, date: string) => `${pathname}?${new URLSearchParams({ view, date }).toString()}`;

/** The view's days, each with the events on it and their figures in words, formatted here so server and browser agree. */
function calendarView(calendar: StaffCalendar, pathname: string, locale: Locale) {
  const t = translatorFor(locale);
  const range = calendarRange(calendar.view, calendar.anchor);
  const month = calendar.anchor.slice(0, 7);
  const events = calendar.events.map((event) => ({
    uuid: event.uuid,
    title: event.title,
    starts_on: event.starts_on,
    ends_on: event.ends_on,
    published: event.published,
    href: localizePath(`/admin/events/${event.uuid}`, locale),
    places: t("admin.calendar.places", { taken: event.places.taken, held: event.places.held, free: event.places.free }),
    waitlist: event.waitlist.entries > 0 ? t("admin.calendar.waitlist", { count: event.waitlist.entries }) : null,
  }));
  return {
    view: calendar.view,
    title: calendarTitle(range, locale),
    weekdays: weekdayNames(locale),
    days: range.days.map((day) => ({
      date: day,
      number: Number(day.slice(8)),
      label: formatDate(day, locale),
      today: day === calendar.today,
      outside: calendar.view === "month" && day.slice(0, 7) !== month,
      events: events.filter((event) => isOnDay(event, day)),
    })),
    hasEvents: events.length > 0,
    links: {
      previous: href(pathname, calendar.view, calendar.previous),
      next: href(pathname, calendar.view, calendar.next),
      today: href(pathname, calendar.view, calendar.today),
      month: href(pathname, "month", calendar.anchor),
      week: href(pathname, "week", calendar.view === "week" ? calendar.anchor : calendar.today.slice(0, 7) === month ? calendar.today : calendar.anchor),
    },
  };
}
export type CalendarPageView = ReturnType<typeof calendarView>;

/**
 * `/admin/calendar` (+ /de): a month or week of event dates with the dashboard's figures (issue 31,
 * decision 078). The view and any day of it are the address's parameters; previous and next are
 * plain links. A wrong parameter is the 400 page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { web, actor, locale } = await openStaffDesk(url, context);
  const params = url.searchParams;
  const parsed = staffCalendarQuerySchema.safeParse(Object.fromEntries(["view", "date"].flatMap((key) => (params.get(key) ? [[key, params.get(key)]] : []))));
  if (!parsed.success) throw data(null, { status: 400 });
  const calendar = await web.services.staffDashboard.calendar(actor, { query: parsed.data, locale });
  return { locale, calendar: calendarView(calendar, url.pathname, locale) };
}
