import { describe, expect, it } from "vitest";
import { lastDays, zeroFilledDays } from "../../core/domain/daily-counts";

describe("zeroFilledDays (the dashboard's bookings per day)", () => {
  it("gives every day of the range, oldest first, 0 where nothing was counted", () => {
    expect(
      zeroFilledDays(
        [
          { date: "2026-03-02", count: 4 },
          { date: "2026-02-27", count: 1 },
        ],
        "2026-02-27",
        "2026-03-02",
      ),
    ).toEqual([
      { date: "2026-02-27", count: 1 },
      { date: "2026-02-28", count: 0 },
      { date: "2026-03-01", count: 0 },
      { date: "2026-03-02", count: 4 },
    ]);
  });

  it("leaves out days outside the range and adds up a day counted twice", () => {
    expect(
      zeroFilledDays(
        [
          { date: "2026-01-31", count: 9 },
          { date: "2026-02-01", count: 2 },
          { date: "2026-02-01", count: 3 },
          { date: "2026-02-03", count: 7 },
        ],
        "2026-02-01",
        "2026-02-02",
      ),
    ).toEqual([
      { date: "2026-02-01", count: 5 },
      { date: "2026-02-02", count: 0 },
    ]);
  });

  it("crosses a leap day and a change to summer time without skipping or repeating a day", () => {
    const days = zeroFilledDays([], "2028-02-27", "2028-03-28").map((day) => day.date);
    expect(days).toHaveLength(31);
    expect(days).toContain("2028-02-29");
    expect(new Set(days).size).toBe(days.length);
  });

  it("is empty for a range that ends before it starts", () => {
    expect(zeroFilledDays([{ date: "2026-01-01", count: 1 }], "2026-01-02", "2026-01-01")).toEqual([]);
  });

  it("lastDays: the last 30 days end today and start 29 days before", () => {
    expect(lastDays("2026-03-01", 30)).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(lastDays("2026-03-01", 1)).toEqual({ from: "2026-03-01", to: "2026-03-01" });
  });
});
