/**
 * The "add to calendar" file of a booking (RFC 5545 iCalendar): one VEVENT with the event's dates,
 * location, title and page. Pure, so that folding and escaping are unit-tested
 * (tests/unit/manage-calendar.test.ts).
 */

export type CalendarWhen =
  /** Whole days, as events are sold: DTEND is the day after the last one (RFC 5545 3.6.1, exclusive). */
  | { kind: "all-day"; startsOn: string; endsOn: string }
  | { kind: "timed"; start: Date; end: Date };

export type CalendarEntry = {
  uid: string;
  stamp: Date;
  when: CalendarWhen;
  summary: string;
  location: string;
  description?: string | undefined;
  url: string;
};

/** TEXT values (3.3.11): backslash, semicolon and comma are escaped, line breaks become `\n`. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/**
 * Lines longer than 75 octets are folded (3.1): CRLF and one space, never inside a UTF-8 character.
 * The first line holds 75 octets, each continuation 74 plus its leading space.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const basicDate = (isoDate: string) => isoDate.replace(/-/g, "");
const utcDateTime = (instant: Date) => instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z$/, "Z");

function dayAfter(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function whenLines(when: CalendarWhen): string[] {
  if (when.kind === "all-day") return [`DTSTART;VALUE=DATE:${basicDate(when.startsOn)}`, `DTEND;VALUE=DATE:${basicDate(dayAfter(when.endsOn))}`];
  return [`DTSTART:${utcDateTime(when.start)}`, `DTEND:${utcDateTime(when.end)}`];
}

/** The whole `.ics` file, CRLF line endings, folded. */
export function calendarFile(entry: CalendarEntry, productName: string): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(productName)}//Manage my booking//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${entry.uid}`,
    `DTSTAMP:${utcDateTime(entry.stamp)}`,
    ...whenLines(entry.when),
    `SUMMARY:${escapeText(entry.summary)}`,
    `LOCATION:${escapeText(entry.location)}`,
    ...(entry.description ? [`DESCRIPTION:${escapeText(entry.description)}`] : []),
    // URI values are not TEXT: no escaping (3.3.13).
    `URL:${entry.url}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
