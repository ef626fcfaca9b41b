import { describe, expect, it } from "vitest";
import type { FormDefinitionItem } from "../../core/contracts/form-definitions";
import { bookingPriceLines } from "../../core/domain/booking-choices";
import { choicePriceLines, optionLineKey, pricedChoicesOf } from "../../core/domain/choice-prices";
import { priceBooking } from "../../core/domain/pricing";

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const item = (n: number, kind: FormDefinitionItem["kind"], options: Record<string, unknown>, extra: Partial<FormDefinitionItem> = {}): FormDefinitionItem => ({
  uuid: uuid(n),
  parent_uuid: null,
  kind,
  name: `item_${n}`,
  label: { en: `Item ${n}`, de: `Feld ${n}` },
  help: null,
  required: false,
  options,
  ...extra,
});
const choice = (value: string, price_cents?: number) => ({
  value,
  label: { en: value, de: `${value} (de)` },
  ...(price_cents === undefined ? {} : { price_cents }),
});

const lunch = item(1, "radio", { choices: [choice("none"), choice("lunch", 4500), choice("dinner", 6000)] });
const extras = item(2, "multiselect", { choices: [choice("towel", 500), choice("massage", 8000), choice("map")] });
const shirt = item(3, "select", { choices: [choice("s", 0), choice("m", 0)] });

describe("choicePriceLines (decision 042)", () => {
  it("gives one option line for a chosen priced radio choice", () => {
    expect(choicePriceLines([lunch, extras, shirt], { [lunch.uuid]: "lunch" })).toEqual([
      { kind: "option", key: optionLineKey(lunch.uuid, "lunch"), unitCents: 4500, quantity: 1 },
    ]);
  });

  it("gives a multiselect with two priced choices two lines, and nothing for its unpriced one", () => {
    const lines = choicePriceLines([extras], { [extras.uuid]: ["massage", "map", "towel", "towel"] });
    expect(lines.map((line) => [line.key, line.unitCents])).toEqual([
      [`${extras.uuid}:towel`, 500],
      [`${extras.uuid}:massage`, 8000],
    ]);
  });

  it("charges nothing for unpriced or zero-priced choices, blank answers and other kinds", () => {
    const text = item(4, "input", { choices: [choice("lunch", 4500)] });
    expect(choicePriceLines([lunch, extras, shirt, text], { [lunch.uuid]: "none", [extras.uuid]: [], [shirt.uuid]: "m", [text.uuid]: "lunch" })).toEqual([]);
    expect(choicePriceLines([lunch, extras], {})).toEqual([]);
  });

  it("ignores a value the item does not offer and an answer to an item the form does not have", () => {
    expect(choicePriceLines([lunch, extras], { [lunch.uuid]: "caviar", [extras.uuid]: ["gold", 7], [uuid(99)]: "lunch" })).toEqual([]);
  });

  it("prices an answer by the version passed in: the booking's own, not a later one", () => {
    // Version 2 made lunch dearer and dropped dinner; a booking made on version 1 keeps version 1's prices.
    const lunchV2 = { ...lunch, options: { choices: [choice("none"), choice("lunch", 5000)] } };
    const answers = { [lunch.uuid]: "dinner" };
    expect(choicePriceLines([lunch], answers).map((line) => line.unitCents)).toEqual([6000]);
    expect(choicePriceLines([lunchV2], answers)).toEqual([]);
    expect(choicePriceLines([lunchV2], { [lunch.uuid]: "lunch" }).map((line) => line.unitCents)).toEqual([5000]);
  });

  it("charges nothing inside a group hidden by an unticked checkbox", () => {
    const toggle = item(5, "checkbox", {}, { name: "wants_extras" });
    const group = item(6, "group", { visibleWhen: "wants_extras" });
    const inner = { ...lunch, uuid: uuid(7), parent_uuid: group.uuid };
    const items = [toggle, group, inner];
    expect(choicePriceLines(items, { [inner.uuid]: "lunch" })).toEqual([]);
    expect(choicePriceLines(items, { [toggle.uuid]: true, [inner.uuid]: "lunch" })).toHaveLength(1);
  });

  it("hands back the item and the choice's label for the invoice", () => {
    const [found] = pricedChoicesOf([lunch], { [lunch.uuid]: "lunch" });
    expect(found?.item.label).toEqual({ en: "Item 1", de: "Feld 1" });
    expect(found?.choiceLabel).toEqual({ en: "lunch", de: "lunch (de)" });
  });

  it("adds the options to the add-ons total, and the total stays the sum of all lines", () => {
    const lines = bookingPriceLines(
      [{ kind: "participant", key: "participant", amount_cents: 100000 }],
      [],
      [],
      choicePriceLines([lunch, extras], { [lunch.uuid]: "lunch", [extras.uuid]: ["towel", "massage"] }),
    );
    const price = priceBooking(lines, { depositPercent: 25, balanceDueDaysBeforeEvent: 30 }, { today: "2026-11-22", startsOn: "2027-06-01" });
    expect(price).toMatchObject({ eventPriceCents: 100000, addonsTotalCents: 13000, totalCents: 113000, depositCents: 28250, remainderCents: 84750 });
  });
});
