import { describe, expect, it } from "vitest";
import { bookingPriceLines } from "../../core/domain/booking-choices";
import {
  bookableOfItem,
  mainParticipantPrice,
  missingEventPrices,
  missingFormPrices,
  priceKeyFits,
  pricedItemNames,
  type PricedItem,
} from "../../core/domain/price-list-rules";
import { translatorFor } from "../../core/i18n/i18n";

/** Issue 28, "Prices that cannot go missing": everything a visitor can book has a row, matched as the booking matches it. */
describe("the price list's rules", () => {
  const full: PricedItem[] = [
    mainParticipantPrice,
    { kind: "companion", key: "co_driver" },
    { kind: "vehicle", key: "street_gt" },
    { kind: "vehicle", key: "own_car" },
    { kind: "instructor", key: "instructor" },
    { kind: "addon", key: "pit_box" },
  ];

  it("fixes the main participant's key and the companions' keys to their lists", () => {
    expect(priceKeyFits("participant", "participant")).toBe(true);
    // The finding: a main participant's row under another key publishes but books at €0.00.
    expect(priceKeyFits("participant", "driver")).toBe(false);
    expect(priceKeyFits("companion", "co_driver")).toBe(true);
    expect(priceKeyFits("companion", "cousin")).toBe(false);
    expect(priceKeyFits("vehicle", "street_gt")).toBe(true);
  });

  it("names the main participant and every per-day resource without a row, each once", () => {
    const resources = [
      { kind: "vehicle" as const, key: "street_gt" },
      { kind: "vehicle" as const, key: "race_car" },
      { kind: "instructor" as const, key: "instructor" },
      { kind: "technical_support" as const, key: "technical_support" },
      { kind: "technical_support" as const, key: "technical_support" },
    ];
    expect(missingEventPrices(full, resources)).toEqual([
      { kind: "vehicle", key: "race_car" },
      { kind: "addon", key: "technical_support" },
    ]);
    // A row of the right key but the wrong kind is no price: the booking looks up both.
    expect(missingEventPrices([{ kind: "participant", key: "driver" }, { kind: "addon", key: "street_gt" }], [{ kind: "vehicle", key: "street_gt" }])).toEqual([
      mainParticipantPrice,
      { kind: "vehicle", key: "street_gt" },
    ]);
    expect(missingEventPrices(full, [])).toEqual([]);
  });

  it("counts a price of 0 as a price: only a missing row is missing", () => {
    const lines = bookingPriceLines([{ kind: "vehicle", key: "own_car", amount_cents: 0 }, { ...mainParticipantPrice, amount_cents: 0 }], [], [], []);
    expect(lines[0]).toMatchObject({ kind: "participant", unitCents: 0 });
    expect(missingEventPrices(full, [{ kind: "vehicle", key: "own_car" }])).toEqual([]);
  });

  it("lists what a form's companion and vehicle items let a visitor book, and what of it has no row", () => {
    const companions = { uuid: "c", kind: "companion", options: { types: ["co_driver", { type: "driver" }], maxCompanions: 2 } };
    const vehicles = {
      uuid: "v",
      kind: "vehicles_per_day",
      options: { days: [1, 2], vehicleKeys: ["street_gt", "race_car"], instructor: true, addons: ["pit_box", "technical_support"] },
    };
    expect(bookableOfItem(companions)).toEqual([
      { kind: "companion", key: "co_driver" },
      { kind: "companion", key: "driver" },
    ]);
    expect(bookableOfItem({ uuid: "i", kind: "input", options: {} })).toEqual([]);
    expect(missingFormPrices([companions, vehicles], full)).toEqual({
      "items.c.options.types": [{ kind: "companion", key: "driver" }],
      "items.v.options.vehicleKeys": [
        { kind: "vehicle", key: "race_car" },
        { kind: "addon", key: "technical_support" },
      ],
    });
    expect(missingFormPrices([], [{ kind: "companion", key: "driver" }])).toEqual({ form: [mainParticipantPrice] });
  });

  it("names what lacks a price in the staff member's language", () => {
    const items: PricedItem[] = [mainParticipantPrice, { kind: "companion", key: "co_driver" }, { kind: "vehicle", key: "race_car" }, { kind: "addon", key: "pit_box" }];
    expect(pricedItemNames(items, translatorFor("en"))).toBe("Main participant, Co-driver, Vehicle “race_car”, Pit box");
    expect(pricedItemNames(items, translatorFor("de"))).toBe("Hauptteilnehmer, Beifahrer, Fahrzeug „race_car“, Boxenplatz");
  });
});
