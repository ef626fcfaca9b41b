import { describe, expect, it } from "vitest";
import { calendarFile, escapeText, foldLine } from "../../server/bookings/manage-calendar";

const entry = {
  uid: "6f1c2a4e-8d0b-4b6a-9c51-2e7d3f9a0b11@events.example.com",
  stamp: new Date("2026-11-23T08:15:30.123Z"),
  when: { kind: "all-day" as const, startsOn: "2026-04-30", endsOn: "2026-05-02" },
  summary: "Golf & Yoga, Koh Samui; 5 nights",
  location: "Koh Samui, Thailand",
  url: "https://events.example.com/events/travel/golf-yoga?x=1,2",
};

describe("the add-to-calendar file (RFC 5545)", () => {
  it("is one all-day VEVENT whose DTEND is the day after the last day, with CRLF line ends", () => {
    const file = calendarFile(entry, "Trackside & Fairway Events");
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.split("\r\n").every((line) => !line.includes("\n"))).toBe(true);
    const lines = file.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("DTSTART;VALUE=DATE:20260430");
    expect(lines).toContain("DTEND;VALUE=DATE:20260503");
    expect(lines).toContain("DTSTAMP:20261123T081530Z");
    expect(lines).toContain("SUMMARY:Golf & Yoga\\, Koh Samui\\; 5 nights");
    expect(lines).toContain("LOCATION:Koh Samui\\, Thailand");
    // A URI is not TEXT: its commas stay.
    expect(lines).toContain("URL:https://events.example.com/events/travel/golf-yoga?x=1,2");
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });

  it("a month's end rolls over into the next month and year", () => {
    const file = calendarFile({ ...entry, when: { kind: "all-day", startsOn: "2026-12-31", endsOn: "2026-12-31" } }, "X");
    expect(file).toContain("DTEND;VALUE=DATE:20270101");
  });

  it("a timed event is written in UTC", () => {
    const file = calendarFile({ ...entry, when: { kind: "timed", start: new Date("2026-06-01T07:30:00Z"), end: new Date("2026-06-01T16:00:00Z") } }, "X");
    expect(file).toContain("DTSTART:20260601T073000Z\r\nDTEND:20260601T160000Z");
  });

  it("escapes backslashes, semicolons, commas and line breaks in text", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds lines over 75 octets without splitting a UTF-8 character, and unfolds to the same text", () => {
    const long = `SUMMARY:${"Größenwahn-Tour über Äcker ".repeat(8)}`;
    const folded = foldLine(long);
    const encoder = new TextEncoder();
    for (const [index, line] of folded.split("\r\n").entries()) {
      expect(encoder.encode(line).length).toBeLessThanOrEqual(75);
      if (index > 0) expect(line.startsWith(" ")).toBe(true);
    }
    expect(folded.replace(/\r\n /g, "")).toBe(long);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("folds a line of exactly 75 octets not at all, and 76 once", () => {
    const exact = `X:${"a".repeat(73)}`;
    expect(foldLine(exact)).toBe(exact);
    expect(foldLine(`${exact}b`)).toBe(`${exact}\r\n b`);
  });
});
