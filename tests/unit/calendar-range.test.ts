import { describe, expect, it } from "vitest";
import { calendarRange, calendarTitle, isOnDay, weekdayNames } from "../../core/domain/calendar-range";

describe("the calendar's days", () => {
  it("shows a month as whole weeks, Monday to Sunday, and leads to the months before and after", () => {
    // May 2026 begins on a Friday and ends on a Sunday.
    const may = calendarRange("month", "2026-05-17");
    expect(may).toMatchObject({ anchor: "2026-05-01", from: "2026-04-27", to: "2026-05-31", previous: "2026-04-01", next: "2026-06-01" });
    expect(may.days).toHaveLength(35);
    // February 2027: four whole weeks from Monday 1st; December and January cross the year.
    expect(calendarRange("month", "2027-02-01")).toMatchObject({ from: "2027-02-01", to: "2027-02-28" });
    expect(calendarRange("month", "2026-12-31")).toMatchObject({ previous: "2026-11-01", next: "2027-01-01", from: "2026-11-30", to: "2027-01-03" });
    expect(calendarRange("month", "2026-01-05").previous).toBe("2025-12-01");
  });

  it("shows a week from its Monday, whatever day is asked, across a month's end and the clock change", () => {
    const week = calendarRange("week", "2026-03-29");
    expect(week).toMatchObject({ anchor: "2026-03-23", from: "2026-03-23", to: "2026-03-29", previous: "2026-03-16", next: "2026-03-30" });
    expect(week.days).toEqual(["2026-03-23", "2026-03-24", "2026-03-25", "2026-03-26", "2026-03-27", "2026-03-28", "2026-03-29"]);
  });

  it("puts a multi-day event on each of its days", () => {
    const event = { starts_on: "2026-05-30", ends_on: "2026-06-02" };
    expect(["2026-05-29", "2026-05-30", "2026-06-02", "2026-06-03"].map((day) => isOnDay(event, day))).toEqual([false, true, true, false]);
  });

  it("names the view and the weekdays in the reader's language", () => {
    expect(calendarTitle(calendarRange("month", "2026-05-17"), "en")).toBe("May 2026");
    expect(calendarTitle(calendarRange("month", "2026-03-17"), "de")).toBe("März 2026");
    expect(calendarTitle(calendarRange("week", "2026-05-06"), "en")).toMatch(/^4\s?–\s?10 May 2026$/u);
    expect(weekdayNames("en")[0]).toBe("Mon");
    expect(weekdayNames("de")[6]).toBe("So");
  });
});
