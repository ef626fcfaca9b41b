import type { FormItemKind } from "../contracts/forms";
import { offeredChoices } from "../forms/kinds/plain-options";
import { hiddenItemUuids } from "../forms/page-rules";
import type { Cents } from "./money";
import type { PriceLine } from "./pricing";

/**
 * Priced choices (decision 042): a choice of a radio, select, multiselect or SMA item may carry
 * `price_cents` (decision 038), charged once when the booking's answer holds it. Pure, shared by the
 * running price, the submission, the invoice, staff edits and the browser's live summary, so they
 * all charge the same. The amount comes from the definition passed in: the booking's own form version
 * once submitted, never from the browser.
 */

/** The kinds whose answer is one or more of the item's offered choices. */
const choiceKinds: ReadonlySet<FormItemKind> = new Set<FormItemKind>(["radio", "select", "multiselect", "sma"]);

/**
 * What the function reads of an item: a public item (labels in one language) or a definition item
 * (labels `{ en, de }`); the labels are passed through untouched for the caller to show.
 */
export type ChoiceItem = { uuid: string; parent_uuid: string | null; kind: FormItemKind; name: string; options: Record<string, unknown> };

export type PricedChoice<Item extends ChoiceItem> = { item: Item; value: string; choiceLabel: unknown; unitCents: Cents };

/** The key of a choice's price line: item and value, so that two items offering "lunch" stay apart. */
export const optionLineKey = (itemUuid: string, value: string) => `${itemUuid}:${value}`;

/**
 * The priced choices an answer set holds, in form order: each chosen value of a choice item whose
 * choice has a price above 0. A value the item does not offer (an answer given on an older version,
 * a tampered post) and items hidden by an unticked checkbox (not asked, so not charged) add nothing.
 */
export function pricedChoicesOf<Item extends ChoiceItem>(items: Item[], answers: Record<string, unknown>): PricedChoice<Item>[] {
  const hidden = hiddenItemUuids(items, answers);
  const found: PricedChoice<Item>[] = [];
  for (const item of items) {
    if (!choiceKinds.has(item.kind) || hidden.has(item.uuid)) continue;
    const answer = answers[item.uuid];
    const values = Array.isArray(answer) ? answer : [answer];
    // A value ticked twice (a hand-made post) is still one choice.
    const chosen = new Set(values.filter((value): value is string => typeof value === "string"));
    // Read without zod: the browser's live price runs this before the page's check (with zod) has loaded (decision 052).
    for (const choice of offeredChoices(item.options.choices)) {
      if (!chosen.has(choice.value) || !choice.price_cents) continue;
      found.push({ item, value: choice.value, choiceLabel: choice.label, unitCents: choice.price_cents });
    }
  }
  return found;
}

/** The price lines of the priced choices (kind "option", one per chosen priced value). */
export function choicePriceLines(items: ChoiceItem[], answers: Record<string, unknown>): PriceLine[] {
  return pricedChoicesOf(items, answers).map((choice) => ({
    kind: "option",
    key: optionLineKey(choice.item.uuid, choice.value),
    unitCents: choice.unitCents,
    quantity: 1,
  }));
}
