import { describe, expect, it } from "vitest";
import { bookedLinesTotal, bookedPriceLinesOf } from "../../core/domain/booked-price-lines";

describe("a booking's priced lines (money review, finding 3)", () => {
  const prices = [
    { kind: "participant", key: "participant", label: { en: "Golfer", de: "Golfer" }, vatRateBasisPoints: 700 },
    { kind: "companion", key: "golf_playing", label: { en: "Golfing companion", de: "Golfende Begleitung" }, vatRateBasisPoints: 1900 },
  ];

  it("sums up the same things, keeps each price row's label and rate, and gives a priced choice the event price's rate", () => {
    const lines = bookedPriceLinesOf(
      [
        { kind: "participant", key: "participant", unitCents: 149_000, quantity: 1 },
        { kind: "companion", key: "golf_playing", unitCents: 99_000, quantity: 1 },
        { kind: "companion", key: "golf_playing", unitCents: 99_000, quantity: 1 },
        { kind: "option", key: "item:upgrade", unitCents: 5_000, quantity: 1 },
        { kind: "addon", key: "gone", unitCents: 1_000, quantity: 2 },
      ],
      prices,
    );
    expect(lines).toEqual([
      { kind: "participant", key: "participant", label: { en: "Golfer", de: "Golfer" }, quantity: 1, unitCents: 149_000, totalCents: 149_000, vatRateBasisPoints: 700 },
      { kind: "companion", key: "golf_playing", label: prices[1]?.label, quantity: 2, unitCents: 99_000, totalCents: 198_000, vatRateBasisPoints: 1900 },
      { kind: "option", key: "item:upgrade", label: null, quantity: 1, unitCents: 5_000, totalCents: 5_000, vatRateBasisPoints: 700 },
      { kind: "addon", key: "gone", label: null, quantity: 2, unitCents: 1_000, totalCents: 2_000, vatRateBasisPoints: 1900 },
    ]);
    expect(bookedLinesTotal(lines)).toBe(354_000);
  });
});
