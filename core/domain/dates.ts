import { intlLocaleTags, type Locale } from "../i18n/locales";

/** Calendar dates travel as ISO `YYYY-MM-DD` strings; they have no time zone. */
export type IsoDate = string;

/** The operator works in Berlin time: deadlines and "today" are judged there. */
export const operatorTimeZone = "Europe/Berlin";

function asUtcDate(isoDate: IsoDate): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/** `2026-03-30`..`2026-04-02` → `30 Mar – 2 Apr 2026` / `30. März – 2. Apr. 2026`. */
export function formatDateRange(start: IsoDate, end: IsoDate, locale: Locale): string {
  const format = new Intl.DateTimeFormat(intlLocaleTags[locale], { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  if (start === end) return format.format(asUtcDate(start));
  return format.formatRange(asUtcDate(start), asUtcDate(end));
}

export function formatDate(date: IsoDate, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleTags[locale], { dateStyle: "long", timeZone: "UTC" }).format(asUtcDate(date));
}

export function formatDateTime(instant: Date | string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleTags[locale], { dateStyle: "long", timeStyle: "short", timeZone: operatorTimeZone }).format(new Date(instant));
}

/** Today's calendar date in the operator's time zone. */
export function operatorToday(now: Date): IsoDate {
  return new Intl.DateTimeFormat("en-CA", { timeZone: operatorTimeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

/** `2026-01-30` + 3 days → `2026-02-02`. */
export function addDays(isoDate: IsoDate, days: number): IsoDate {
  const date = asUtcDate(isoDate);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function currentYear(now: Date): number {
  return Number(operatorToday(now).slice(0, 4));
}
