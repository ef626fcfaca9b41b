import type { PublicFormItem } from "../../contracts/forms";

/**
 * The few readings of an item's options and answers that the booking page needs in the browser
 * before the visitor does anything (the live price, the "completed later" note, a date's bounds),
 * without zod: zod and the kinds' schemas load only with the page's check (decision 052). They give
 * what the kinds' zod schemas give (tests/unit/plain-options.test.ts compares them);
 * kind-module.ts and the kind modules re-export them.
 */

/** Whether an answer counts as not given (an unticked box, an empty text or list). */
export function isBlank(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar date written yyyy-mm-dd that exists (no 30 February). */
export function isRealDate(value: string): boolean {
  if (!isoDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Whether the item may be answered after checkout (`options.completableLater`, decision 023). */
export function isCompletableLater(item: Pick<PublicFormItem, "options">): boolean {
  return item.options.completableLater === true;
}

/** A date bound: a yyyy-mm-dd date or "today" (the operator's calendar date); anything else is no bound. */
const dateBound = (value: unknown): string | undefined => (value === "today" || (typeof value === "string" && isRealDate(value)) ? value : undefined);

/** A date item's bounds with "today" resolved, as the browser's picker and the server both use them. */
export function dateBoundsOf(item: Pick<PublicFormItem, "options">, today: string): { min: string | null; max: string | null } {
  const resolve = (value: string | undefined) => (value === "today" ? today : (value ?? null));
  return { min: resolve(dateBound(item.options.min)), max: resolve(dateBound(item.options.max)) };
}

/** The most a choice may add to a booking's price, as an event price (`amount_cents` of the staff price list). */
export const maximumChoicePriceCents = 10_000_000;

export type OfferedChoice = { value: string; label: unknown; price_cents?: number };

/**
 * The offered choices of a radio, select, multiselect or SMA item (`options.choices`); malformed
 * entries are left out. A choice's price (decision 038) is whole, non-negative cents: anything else
 * drops the choice. The same as `choicesOption.parse` in kind-module.ts.
 */
export function offeredChoices(choices: unknown): OfferedChoice[] {
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((entry: unknown): OfferedChoice[] => {
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) return [];
    const { value, label, price_cents: price } = entry as Record<string, unknown>;
    // zod's object wants the label's key even though it takes any label.
    if (typeof value !== "string" || !("label" in entry)) return [];
    if (price === undefined) return [{ value, label }];
    if (typeof price !== "number" || !Number.isSafeInteger(price) || price < 0 || price > maximumChoicePriceCents) return [];
    return [{ value, label, price_cents: price }];
  });
}
