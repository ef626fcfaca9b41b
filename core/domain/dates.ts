import { intlLocaleTags, type Locale } from "../i18n/locales";

/** Calendar dates travel as ISO `YYYY-MM-DD` strings; they have no time zone. */
export type IsoDate = string;

/** The operator works in Berlin time: deadlines and "today" are judged there. */
export const operatorTimeZone = "Europe/Berlin";

/**
 * Intl formatters are costly to build (tens of microseconds each) and pages format many dates: one
 * per locale tag and options, kept for the life of the process (a handful of entries).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(tag: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${tag}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    formatters.set(key, format);
  }
  return format;
}

function asUtcDate(isoDate: IsoDate): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/** `2026-03-30`..`2026-04-02` → `30 Mar – 2 Apr 2026` / `30. März – 2. Apr. 2026`. */
export function formatDateRange(start: IsoDate, end: IsoDate, locale: Locale): string {
  const format = dateTimeFormat(intlLocaleTags[locale], { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
  if (start === end) return format.format(asUtcDate(start));
  return format.formatRange(asUtcDate(start), asUtcDate(end));
}

export function formatDate(date: IsoDate, locale: Locale): string {
  return dateTimeFormat(intlLocaleTags[locale], { dateStyle: "long", timeZone: "UTC" }).format(asUtcDate(date));
}

/**
 * An instant in the operator's time zone with the zone's name, the right one for the date (CET in
 * winter, CEST in summer): `30 Mar 2027, 14:00 CEST` / `30.03.2027, 14:00 MESZ`. The zone names are
 * Intl's `timeZoneName: "short"` for the locale (de-DE says MEZ/MESZ, en-GB CET/CEST; decision 025).
 * Intl cannot combine `dateStyle` with a zone name, so the locale's medium date and its time with the
 * zone are joined by ", ", the pattern both languages' date-time formats use.
 */
export function formatDateTime(instant: Date | string, locale: Locale): string {
  const date = new Date(instant);
  const day = dateTimeFormat(intlLocaleTags[locale], { dateStyle: "medium", timeZone: operatorTimeZone }).format(date);
  const time = dateTimeFormat(intlLocaleTags[locale], {
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: operatorTimeZone,
  }).format(date);
  return `${day}, ${time}`;
}

/**
 * A deadline in the operator's time zone with the zone written out (`15 March 2026 at 14:30 CET`,
 * `15. März 2026 um 14:30 MEZ`): the reader may be elsewhere, and the hour decides whether the places
 * are still theirs. E-mails and the held-places pages say it the same way.
 */
export function formatDeadline(instant: Date | string, locale: Locale): string {
  return dateTimeFormat(intlLocaleTags[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: operatorTimeZone,
  }).format(new Date(instant));
}

/**
 * Today's calendar date in the operator's time zone. Asked several times per request (every page's
 * and every booking's checks), so the last answer is kept for its minute: the operator's zone is a
 * whole number of hours from UTC, so its days begin on a minute boundary and no minute spans two days.
 */
export function operatorToday(now: Date): IsoDate {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastToday.minute) {
    const format = dateTimeFormat("en-CA", { timeZone: operatorTimeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    lastToday = { minute, date: format.format(now) };
  }
  return lastToday.date;
}
let lastToday: { minute: number; date: IsoDate } = { minute: Number.NaN, date: "" };

/**
 * The instant a day of the operator's calendar begins (midnight in Berlin: 23:00 UTC the day before
 * in winter, 22:00 in summer), for filters that take calendar days and compare instants.
 */
export function operatorDayStart(isoDate: IsoDate): Date {
  const utcMidnight = asUtcDate(isoDate);
  // Berlin is UTC+1 or UTC+2: take the candidate that reads 00:00 on that very day there.
  const wallClock = dateTimeFormat("en-CA", {
    timeZone: operatorTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    hourCycle: "h23",
  });
  const candidates = [1, 2].map((hours) => new Date(utcMidnight.getTime() - hours * 3_600_000));
  return candidates.find((candidate) => wallClock.format(candidate) === `${isoDate}, 00`) ?? candidates[0] ?? utcMidnight;
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
