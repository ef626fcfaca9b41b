import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { monthAgenda, monthTitle, openingMonth } from "../../core/domain/calendar-range";
import { publicCalendarQuerySchema } from "../../core/contracts/public-calendar";
import { addDays } from "../../core/domain/dates";

const event = (id: string, starts_on: string, ends_on = starts_on) => ({ id, starts_on, ends_on });

describe("the public calendar's month", () => {
  it("lists the events on any of the month's days, soonest first, one across the month's end in both months", () => {
    const events = [event("golf", "2026-12-12"), event("track", "2026-11-30", "2026-12-01"), event("trip", "2027-01-05", "2027-01-09"), event("old", "2026-11-02")];
    const december = monthAgenda(events, "2026-12");
    expect(december.events.map((entry) => entry.id)).toEqual(["track", "golf"]);
    expect(december).toMatchObject({ first: "2026-12-01", last: "2026-12-31", previous: "2026-11", next: "2027-01" });
    expect(monthAgenda(events, "2026-11").events.map((entry) => entry.id)).toEqual(["old", "track"]);
    expect(monthAgenda(events, "2027-02").events).toEqual([]);
    expect(monthAgenda([], "2028-02")).toMatchObject({ last: "2028-02-29", previous: "2028-01", next: "2028-03" });
  });

  it("opens on today's month while something is still on in it, else on the month of the next event", () => {
    const events = [event("track", "2026-11-30", "2026-12-01"), event("trip", "2027-02-05", "2027-02-09")];
    expect(openingMonth(events, "2026-11-10")).toBe("2026-11");
    expect(openingMonth(events, "2026-12-01")).toBe("2026-12");
    expect(openingMonth(events, "2026-12-02")).toBe("2027-02");
    expect(openingMonth(events, "2027-03-01")).toBe("2027-03");
    expect(openingMonth([], "2026-12-02")).toBe("2026-12");
  });

  it("puts every event into exactly the months of its days (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: 0, max: 70 }), (offset, length) => {
        const starts = addDays("2025-01-01", offset);
        const ends = addDays(starts, length);
        const months = new Set<string>();
        for (let day = starts; day <= ends; day = addDays(day, 1)) months.add(day.slice(0, 7));
        for (let month = "2024-12"; month <= "2033-12"; month = monthAgenda([], month).next) {
          expect(monthAgenda([event("x", starts, ends)], month).events.length).toBe(months.has(month) ? 1 : 0);
        }
      }),
      { numRuns: 40 },
    );
  });

  it("names the month in the reader's language and refuses a month that is not one", () => {
    expect(monthTitle("2026-12", "en")).toBe("December 2026");
    expect(monthTitle("2026-12", "de")).toBe("Dezember 2026");
    expect(publicCalendarQuerySchema.safeParse({ month: "2026-12" }).success).toBe(true);
    for (const month of ["2026-13", "2026-1", "26-12", "2026-12-01", "1999-12", "abcd-ef"]) expect(publicCalendarQuerySchema.safeParse({ month }).success).toBe(false);
  });
});
