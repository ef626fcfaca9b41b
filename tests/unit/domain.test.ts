import { describe, expect, it } from "vitest";
import { findCategory } from "../../core/domain/categories";
import { addDays, currentYear, formatDateRange, operatorToday } from "../../core/domain/dates";
import { eventState, placesLeft, type EventAvailabilityInput } from "../../core/domain/event-state";
import { formatMoney } from "../../core/domain/money";

describe("money", () => {
  it("formats cents in the page's locale", () => {
    expect(formatMoney(10800, "en")).toBe("€108.00");
    expect(formatMoney(10800, "de")).toBe("108,00\u00a0€");
    expect(formatMoney(149000, "de")).toBe("1.490,00\u00a0€");
  });
});

describe("dates", () => {
  it("formats ranges per locale", () => {
    // Intl puts thin spaces around the dash; compare with plain ones.
    const plain = (text: string) => text.replace(/\s/g, " ");
    expect(plain(formatDateRange("2025-03-30", "2025-04-02", "en"))).toBe("30 Mar – 2 Apr 2025");
    expect(plain(formatDateRange("2025-03-30", "2025-04-02", "de"))).toBe("30. März – 2. Apr. 2025");
    expect(formatDateRange("2025-03-30", "2025-03-30", "en")).toBe("30 Mar 2025");
  });

  it("counts days across month ends and knows Berlin's today", () => {
    expect(addDays("2026-01-30", 3)).toBe("2026-02-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(operatorToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
    expect(currentYear(new Date("2026-12-31T23:30:00Z"))).toBe(2027);
  });

  it("turns Berlin's day at its midnight to the second, in winter and in summer, however often it is asked", () => {
    // Kept per minute: the minute before midnight and the one after must still differ, in both zones' offsets.
    const cases: [string, string][] = [
      ["2026-01-14T22:59:59.999Z", "2026-01-14"],
      ["2026-01-14T23:00:00.000Z", "2026-01-15"],
      ["2026-07-14T21:59:59.999Z", "2026-07-14"],
      ["2026-07-14T22:00:00.000Z", "2026-07-15"],
      ["2026-03-29T00:30:00.000Z", "2026-03-29"],
      ["2026-10-25T23:30:00.000Z", "2026-10-26"],
    ];
    for (let round = 0; round < 2; round += 1)
      for (const [instant, date] of cases) {
        expect(operatorToday(new Date(instant)), instant).toBe(date);
        expect(operatorToday(new Date(instant)), instant).toBe(date);
      }
  });
});

describe("event state", () => {
  const now = new Date("2026-06-01T10:00:00Z");
  const base: EventAvailabilityInput = {
    startsOn: "2026-07-01",
    endsOn: "2026-07-02",
    bookableFrom: new Date("2026-05-01T00:00:00Z"),
    registrationDeadline: new Date("2026-06-20T00:00:00Z"),
    capacity: 10,
    placesTaken: 3,
  };

  it("is bookable with places left inside the booking window", () => {
    expect(eventState(base, now)).toBe("bookable");
    expect(placesLeft(base)).toBe(7);
  });

  it("is fully booked when no place is left", () => {
    expect(eventState({ ...base, placesTaken: 10 }, now)).toBe("fully_booked");
    expect(placesLeft({ capacity: 10, placesTaken: 12 })).toBe(0);
  });

  it("is not bookable yet before bookable_from", () => {
    expect(eventState({ ...base, bookableFrom: new Date("2026-06-02T00:00:00Z") }, now)).toBe("not_bookable_yet");
  });

  it("closes registration after the deadline or once the event has begun", () => {
    expect(eventState({ ...base, registrationDeadline: new Date("2026-06-01T09:59:59Z") }, now)).toBe("registration_closed");
    expect(eventState({ ...base, startsOn: "2026-06-01", endsOn: "2026-06-03", registrationDeadline: null }, now)).toBe("registration_closed");
  });

  it("is past once the last day is over, whatever else holds", () => {
    expect(eventState({ ...base, startsOn: "2026-05-01", endsOn: "2026-05-31", placesTaken: 10 }, now)).toBe("past");
  });
});

describe("category lookup", () => {
  const categories = [
    {
      id: 1,
      name: "Track days",
      slug: "track-days",
      description: "",
      translations: [
        { locale: "en" as const, name: "Track days", slug: "track-days" },
        { locale: "de" as const, name: "Trackdays", slug: "trackdays" },
      ],
    },
    {
      id: 2,
      name: "Travel",
      slug: "travel",
      description: "",
      translations: [
        { locale: "en" as const, name: "Travel", slug: "travel" },
        { locale: "de" as const, name: "Reisen", slug: "reisen" },
      ],
    },
  ];

  it("finds by numeric id or by slug in any language", () => {
    expect(findCategory(categories, "2", "en")?.id).toBe(2);
    expect(findCategory(categories, "trackdays", "en")?.id).toBe(1);
    expect(findCategory(categories, "travel", "de")?.id).toBe(2);
    expect(findCategory(categories, "99", "en")).toBeUndefined();
    expect(findCategory(categories, "golf", "en")).toBeUndefined();
  });
});

describe("password policy", () => {
  it("wants 10 characters, no common password, not the e-mail address", async () => {
    const { passwordProblem } = await import("../../core/domain/password-policy");
    expect(passwordProblem("short1!")).toBe("tooShort");
    expect(passwordProblem("Password123!")).toBe("tooCommon");
    expect(passwordProblem("qwertyuiop")).toBe("tooCommon");
    expect(passwordProblem("12345678901234")).toBe("tooCommon");
    expect(passwordProblem("Welcome2026!!")).toBe("tooCommon");
    expect(passwordProblem("lena.gruen-2031", "lena.gruen@example.com")).toBe("containsEmail");
    expect(passwordProblem("Fairway-Sunrise-2031", "lena@example.com")).toBeNull();
    expect(passwordProblem("x".repeat(201))).toBe("tooLong");
  });

  it("names every rule a password breaks, in the rules' order", async () => {
    const { passwordProblems } = await import("../../core/domain/password-policy");
    expect(passwordProblems("password", "password@example.com")).toEqual(["tooShort", "tooCommon", "containsEmail"]);
    expect(passwordProblems("Fairway-Sunrise-2031", "lena@example.com")).toEqual([]);
  });
});
