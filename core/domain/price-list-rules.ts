import type { TFunction } from "i18next";
import { companionItemOptions, companionTypes, priceKindOfResource, vehicleItemOptions, type ResourceKind } from "./booking-choices";

/**
 * Prices that cannot go missing (issue 28): everything a visitor can book has a row in the event's
 * price list, matched by kind and key exactly as `bookingPriceLines` matches it, so a booking is never
 * charged €0 for a row that is there under another key. Pure: the event verbs, the form builder's rules
 * and the back office's price list editor share it. A row with amount 0 (own car) is a price; a missing
 * row is not.
 */

export const priceKinds = ["participant", "companion", "vehicle", "instructor", "addon"] as const;
export type PriceKind = (typeof priceKinds)[number];
/** One row of a price list, or one thing that needs a row: what `bookingPriceLines` looks up. */
export type PricedItem = { kind: PriceKind; key: string };

/** The main participant's row: fixed in every event's price list, and the one the public "from" price reads. */
export const mainParticipantPrice = { kind: "participant", key: "participant" } as const satisfies PricedItem;

/**
 * Whether a price row's key may go with its kind: the main participant's row is `participant`, a
 * companion's is one of the companion types (the kinds a booking's companions can have). Vehicles,
 * instructors and add-ons name a resource of the event, whose keys the event itself defines.
 */
export function priceKeyFits(kind: PriceKind, key: string): boolean {
  if (kind === "participant") return key === mainParticipantPrice.key;
  if (kind === "companion") return (companionTypes as readonly string[]).includes(key);
  return true;
}

const sameItem = (a: PricedItem, b: PricedItem) => a.kind === b.kind && a.key === b.key;
const addOnce = (list: PricedItem[], item: PricedItem) => {
  if (!list.some((known) => sameItem(known, item))) list.push(item);
};
const lacking = (prices: readonly PricedItem[], wanted: readonly PricedItem[]) => wanted.filter((item) => !prices.some((price) => sameItem(price, item)));

/** What the event sells without a price: the main participant, then every per-day resource (each once). */
export function missingEventPrices(prices: readonly PricedItem[], resources: readonly { kind: ResourceKind; key: string }[]): PricedItem[] {
  const wanted: PricedItem[] = [mainParticipantPrice];
  for (const resource of resources) addOnce(wanted, { kind: priceKindOfResource[resource.kind], key: resource.key });
  return lacking(prices, wanted);
}

/** An item of a booking form as far as prices go. */
export type PricedFormItem = { uuid: string; kind: string; options: Record<string, unknown> };

/** What one form item lets a visitor book: the companion types it allows, the vehicles, instructor and add-ons it offers. */
export function bookableOfItem(item: PricedFormItem): PricedItem[] {
  const wanted: PricedItem[] = [];
  if (item.kind === "companion") {
    for (const type of companionItemOptions(item.options).types) addOnce(wanted, { kind: "companion", key: type });
  }
  if (item.kind === "vehicles" || item.kind === "vehicles_per_day") {
    const options = vehicleItemOptions(item.kind, item.options);
    for (const key of options.vehicleKeys) addOnce(wanted, { kind: "vehicle", key });
    if (options.instructor) addOnce(wanted, { kind: "instructor", key: "instructor" });
    for (const key of options.addons) addOnce(wanted, { kind: "addon", key });
  }
  return wanted;
}

/** The option field of a form item that offers what lacks a price (where the builder shows the error). */
export const pricedOptionOf = (kind: string) => (kind === "companion" ? "types" : "vehicleKeys");

/**
 * What a booking form offers without a price, keyed like the builder's errors: `form` for the main
 * participant (every form books one), `items.<uuid>.options.types|vehicleKeys` for an item's choices.
 */
export function missingFormPrices(items: readonly PricedFormItem[], prices: readonly PricedItem[]): Record<string, PricedItem[]> {
  const missing: Record<string, PricedItem[]> = {};
  const participant = lacking(prices, [mainParticipantPrice]);
  if (participant.length) missing.form = participant;
  for (const item of items) {
    const gaps = lacking(prices, bookableOfItem(item));
    if (gaps.length) missing[`items.${item.uuid}.options.${pricedOptionOf(item.kind)}`] = gaps;
  }
  return missing;
}

/** One thing without a price as staff read it: "Main participant", "Co-driver", "Vehicle “street_gt”". */
export function pricedItemName(item: PricedItem, t: TFunction): string {
  switch (item.kind) {
    case "participant":
      return t("priceList.items.participant");
    case "companion":
      return (companionTypes as readonly string[]).includes(item.key)
        ? t(`priceList.items.companion.${item.key as (typeof companionTypes)[number]}`)
        : t("priceList.items.otherCompanion", { key: item.key });
    case "vehicle":
      return t("priceList.items.vehicle", { key: item.key });
    case "instructor":
      return item.key === "instructor" ? t("priceList.items.instructor") : t("priceList.items.otherInstructor", { key: item.key });
    case "addon":
      return item.key === "pit_box" || item.key === "technical_support" ? t(`priceList.items.addon.${item.key}`) : t("priceList.items.otherAddon", { key: item.key });
  }
}

/** The list of things without a price in one sentence's worth: "Main participant, Co-driver". */
export function pricedItemNames(items: readonly PricedItem[], t: TFunction): string {
  return items.map((item) => pricedItemName(item, t)).join(", ");
}
