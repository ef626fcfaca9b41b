import { describe, expect, it } from "vitest";
import { daysUntil, missingWaivers, mustSignWaiver, waiverDocumentText, waiverPersonTypeOf, waiverReminderDay, waiverStateOf } from "../../core/domain/waivers";

const main = { role: "main", companionType: null } as const;
const driver = { role: "companion", companionType: "driver" } as const;
const coDriver = { role: "companion", companionType: "co_driver" } as const;
const spectator = { role: "companion", companionType: "non_playing" } as const;
const untyped = { role: "companion", companionType: null } as const;
const drivers = ["main", "driver", "co_driver"] as const;

describe("who must sign a waiver", () => {
  it("names a person by the booking's own types: the main participant, else the companion's type (none: not playing)", () => {
    expect([main, driver, coDriver, spectator, untyped].map(waiverPersonTypeOf)).toEqual(["main", "driver", "co_driver", "non_playing", "non_playing"]);
  });

  it("asks the types the event names, nobody when the event has no waiver", () => {
    expect([main, driver, coDriver, spectator, untyped].map((person) => mustSignWaiver(person, drivers))).toEqual([true, true, true, false, false]);
    expect(mustSignWaiver(main, null)).toBe(false);
    expect(mustSignWaiver(spectator, ["non_playing"])).toBe(true);
  });

  it("lists the people whose waiver is missing, in their order", () => {
    const people = [
      { id: "a", ...main },
      { id: "b", ...spectator },
      { id: "c", ...coDriver },
      { id: "d", ...driver },
    ];
    expect(missingWaivers(people, drivers, new Set(["a"])).map((person) => person.id)).toEqual(["c", "d"]);
    expect(missingWaivers(people, null, new Set())).toEqual([]);
  });
});

describe("a person's waiver state", () => {
  it("is missing, not required or signed", () => {
    expect(waiverStateOf(main, drivers, null)).toEqual({ state: "missing" });
    expect(waiverStateOf(spectator, drivers, null)).toEqual({ state: "not_required" });
    expect(waiverStateOf(driver, drivers, { method: "drawn", signedAt: "2026-05-01T10:00:00.000Z" })).toEqual({ state: "signed", method: "drawn", signedAt: "2026-05-01T10:00:00.000Z" });
  });

  it("stays signed when the event stops asking it of the person's type, or drops its waiver", () => {
    const paper = { method: "paper", signedAt: "2026-05-01T10:00:00.000Z" } as const;
    expect(waiverStateOf(spectator, drivers, paper)).toEqual({ state: "signed", ...paper });
    expect(waiverStateOf(main, null, paper)).toEqual({ state: "signed", ...paper });
  });
});

describe("waiver reminders and the signed text", () => {
  it("falls 7 and 2 days before the event's first day", () => {
    expect(daysUntil("2026-06-10", "2026-06-03")).toBe(7);
    expect(waiverReminderDay("2026-06-10", "2026-06-03")).toBe(7);
    expect(waiverReminderDay("2026-06-10", "2026-06-08")).toBe(2);
    expect(waiverReminderDay("2026-06-10", "2026-06-05")).toBeNull();
    expect(waiverReminderDay("2026-06-10", "2026-06-10")).toBeNull();
    // Across the switch to summer time (29 March 2026): still whole days.
    expect(waiverReminderDay("2026-04-02", "2026-03-26")).toBe(7);
  });

  it("is the title and the body with line ends made one, as hashed and printed", () => {
    expect(waiverDocumentText({ title: " Waiver \r\n", body: "First line  \r\nsecond\r\n\r\nThird \n" })).toBe("Waiver\n\nFirst line\nsecond\n\nThird");
  });
});
