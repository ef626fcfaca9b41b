import { describe, expect, it } from "vitest";
import { percentOf, priceBooking, vatByRate, vatContainedIn, type PriceLine } from "../../core/domain/pricing";
import { newBookingCode } from "../../server/bookings/booking-code";

const terms = { depositPercent: 25, balanceDueDaysBeforeEvent: 30 };
const trip: PriceLine[] = [
  { kind: "participant", key: "participant", unitCents: 10800, quantity: 1 },
  { kind: "companion", key: "golf_playing", unitCents: 10800, quantity: 1 },
  { kind: "companion", key: "non_playing", unitCents: 8800, quantity: 1 },
];

describe("booking price", () => {
  it("adds the event price, companions and add-ons; 25 % now, the rest 30 days before", () => {
    expect(priceBooking(trip, terms, { today: "2026-01-10", startsOn: "2026-03-30" })).toEqual({
      eventPriceCents: 10800,
      companionTotalCents: 19600,
      addonsTotalCents: 0,
      totalCents: 30400,
      discountCents: 0,
      depositCents: 7600,
      remainderCents: 22800,
      remainderDueOn: "2026-02-28",
    });
  });

  it("asks for everything at once when the event is 30 days or less away", () => {
    const close = priceBooking(trip, terms, { today: "2026-02-28", startsOn: "2026-03-30" });
    expect(close).toMatchObject({ depositCents: 30400, remainderCents: 0, remainderDueOn: null });
    expect(priceBooking(trip, terms, { today: "2026-02-27", startsOn: "2026-03-30" }).remainderCents).toBe(22800);
  });

  it("counts per-day add-ons by quantity and rounds the deposit half up to the cent", () => {
    const price = priceBooking(
      [
        { kind: "participant", key: "participant", unitCents: 149000, quantity: 1 },
        { kind: "vehicle", key: "street_gt", unitCents: 69000, quantity: 2 },
        { kind: "addon", key: "pit_box", unitCents: 25001, quantity: 1 },
      ],
      terms,
      { today: "2026-01-01", startsOn: "2026-06-01" },
    );
    expect(price.addonsTotalCents).toBe(163001);
    expect(price.depositCents).toBe(percentOf(312001, 25));
    expect(percentOf(2, 25)).toBe(1);
    expect(percentOf(1, 25)).toBe(0);
    expect(price.depositCents + price.remainderCents).toBe(price.totalCents);
  });

  it("refuses fractional or negative amounts", () => {
    expect(() =>
      priceBooking([{ kind: "participant", key: "p", unitCents: 10.5, quantity: 1 }], terms, { today: "2026-01-01", startsOn: "2026-06-01" }),
    ).toThrow(RangeError);
    expect(() => priceBooking([{ kind: "addon", key: "a", unitCents: 100, quantity: -1 }], terms, { today: "2026-01-01", startsOn: "2026-06-01" })).toThrow(
      RangeError,
    );
  });
});

describe("booking codes", () => {
  it("are a category prefix and six unambiguous characters", () => {
    expect(newBookingCode("track-days")).toMatch(/^TD-[2-9A-HJ-NP-Z]{6}$/);
    expect(newBookingCode("golf-circle")).toMatch(/^GC-/);
    expect(newBookingCode("travel")).toMatch(/^TR-/);
    expect(newBookingCode("golf-circle", () => 0)).toBe("GC-222222");
    expect(new Set(Array.from({ length: 200 }, () => newBookingCode("travel"))).size).toBe(200);
  });
});

describe("vatContainedIn and vatByRate", () => {
  it("takes the VAT out of gross amounts, rounded half up to the cent", () => {
    expect(vatContainedIn(11900, 1900)).toBe(1900);
    expect(vatContainedIn(21600, 1900)).toBe(3449);
    expect(vatContainedIn(4500, 700)).toBe(294);
    expect(vatContainedIn(10000, 0)).toBe(0);
  });

  it("sums the lines per rate before rounding, highest rate first", () => {
    expect(
      vatByRate([
        { totalCents: 4500, vatRateBasisPoints: 700 },
        { totalCents: 10800, vatRateBasisPoints: 1900 },
        { totalCents: 10800, vatRateBasisPoints: 1900 },
      ]),
    ).toEqual([
      { rate: 1900, grossCents: 21600, vatCents: 3449 },
      { rate: 700, grossCents: 4500, vatCents: 294 },
    ]);
  });
});
