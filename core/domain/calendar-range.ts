import { intlLocaleTags, type Locale } from "../i18n/locales";
import { addDays, dateTimeFormat, type IsoDate } from "./dates";

/**
 * The back office's calendar (issue 31, decision 078): which days a month or a week view shows, and
 * where "previous" and "next" lead. Weeks start on Monday (the operator is German: ISO 8601). A month
 * view shows whole weeks, so its grid begins before the 1st and ends after the last day when the
 * month does not fill them; its events are those overlapping the grid's days.
 */
export const calendarViews = ["month", "week"] as const;
export type CalendarView = (typeof calendarViews)[number];

export type CalendarRange = {
  view: CalendarView;
  /** The date the view was asked for, normalized: the 1st of the month, or the week's Monday. */
  anchor: IsoDate;
  /** The first and last day shown (whole weeks, Monday to Sunday). */
  from: IsoDate;
  to: IsoDate;
  /** Every day shown, in order; a month's grid has 28 to 42. */
  days: IsoDate[];
  previous: IsoDate;
  next: IsoDate;
};

const weekday = (date: IsoDate) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
export const mondayOf = (date: IsoDate): IsoDate => addDays(date, -weekday(date));
const firstOfMonth = (date: IsoDate): IsoDate => `${date.slice(0, 7)}-01`;
const shiftMonth = (first: IsoDate, months: number): IsoDate => {
  const [year = 0, month = 1] = first.split("-").map(Number);
  const index = year * 12 + (month - 1) + months;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
};

export function calendarRange(view: CalendarView, date: IsoDate): CalendarRange {
  if (view === "week") {
    const from = mondayOf(date);
    const to = addDays(from, 6);
    return { view, anchor: from, from, to, days: daysBetween(from, to), previous: addDays(from, -7), next: addDays(from, 7) };
  }
  const anchor = firstOfMonth(date);
  const next = shiftMonth(anchor, 1);
  const from = mondayOf(anchor);
  const to = addDays(mondayOf(addDays(next, -1)), 6);
  return { view, anchor, from, to, days: daysBetween(from, to), previous: shiftMonth(anchor, -1), next };
}

function daysBetween(from: IsoDate, to: IsoDate): IsoDate[] {
  const days: IsoDate[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Whether an event from `startsOn` to `endsOn` is on `day`. */
export const isOnDay = (event: { starts_on: IsoDate; ends_on: IsoDate }, day: IsoDate): boolean => event.starts_on <= day && day <= event.ends_on;

/** The view's heading: `May 2026` / `Mai 2026`, or the week's days `4 – 10 May 2026`. */
export function calendarTitle(range: CalendarRange, locale: Locale): string {
  const tag = intlLocaleTags[locale];
  if (range.view === "month") return dateTimeFormat(tag, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${range.anchor}T00:00:00Z`));
  const format = dateTimeFormat(tag, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return format.formatRange(new Date(`${range.from}T00:00:00Z`), new Date(`${range.to}T00:00:00Z`));
}

/** Short weekday names, Monday first (`Mon` / `Mo`). */
export function weekdayNames(locale: Locale): string[] {
  const format = dateTimeFormat(intlLocaleTags[locale], { weekday: "short", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, index) => format.format(new Date(Date.UTC(2024, 0, 1 + index))));
}
