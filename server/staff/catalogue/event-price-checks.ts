import { eq } from "drizzle-orm";
import type { FieldErrors } from "../../../core/contracts/errors";
import type { FormDefinition } from "../../../core/contracts/form-definitions";
import type { ResourceKind } from "../../../core/domain/booking-choices";
import { missingEventPrices, missingFormPrices, pricedItemNames, type PricedFormItem, type PricedItem } from "../../../core/domain/price-list-rules";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { latestFormVersion, readDraftDefinition } from "../../db/form-versions";
import { eventDayResources, eventPrices, forms } from "../../db/schema";
import { AppError } from "../../errors";

/**
 * Prices that cannot go missing (issue 28): an event is saved or published only when its main
 * participant, every per-day resource and everything its booking form offers (the working copy and the
 * version bookings use now) has a row in the price list. Refused with the list of what lacks one.
 */

const itemsOf = (definition: FormDefinition): PricedFormItem[] => definition.pages.flatMap((page) => page.items);

/** The booking form's items that can lack a price: its working copy's and its latest published version's. */
async function formItemsOfEvent(db: Queryable, eventId: string): Promise<PricedFormItem[]> {
  const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, eventId)).limit(1);
  if (!form) return [];
  const [draft, latest] = await Promise.all([readDraftDefinition(db, form.id), latestFormVersion(db, form.id)]);
  return [...itemsOf(draft), ...(latest ? itemsOf(latest.definition) : [])];
}

/** Everything of the event without a price, each once: the event's own gaps, then its form's. */
export async function eventPriceGaps(
  db: Queryable,
  event: { id: string | null; prices: readonly PricedItem[]; resources: readonly { kind: ResourceKind; key: string }[] },
): Promise<PricedItem[]> {
  const gaps = missingEventPrices(event.prices, event.resources);
  const formItems = event.id === null ? [] : await formItemsOfEvent(db, event.id);
  for (const item of Object.values(missingFormPrices(formItems, event.prices)).flat()) {
    if (!gaps.some((gap) => gap.kind === item.kind && gap.key === item.key)) gaps.push(item);
  }
  return gaps;
}

/** A save that would leave something without a price: 422, the list in the message and on the price list's field. */
export function pricesMissingOnSave(gaps: readonly PricedItem[], locale: Locale): AppError {
  const t = translatorFor(locale);
  const items = pricedItemNames(gaps, t);
  return new AppError("VALIDATION_FAILED", "pricesMissing", { params: { items }, fieldErrors: { prices: [t("priceList.missing", { items })] } });
}

/** Publishing an event that has something without a price: 409, the list in the message. */
export async function assertPricedToPublish(db: Queryable, eventId: string, locale: Locale): Promise<void> {
  const [prices, resources] = await Promise.all([
    db.select({ kind: eventPrices.kind, key: eventPrices.key }).from(eventPrices).where(eq(eventPrices.eventId, eventId)),
    db.select({ kind: eventDayResources.kind, key: eventDayResources.key }).from(eventDayResources).where(eq(eventDayResources.eventId, eventId)),
  ]);
  const gaps = await eventPriceGaps(db, { id: eventId, prices, resources });
  if (gaps.length === 0) return;
  throw new AppError("CONFLICT", "pricesMissingToPublish", { params: { items: pricedItemNames(gaps, translatorFor(locale)) } });
}

/** The booking form's own errors for what it offers without a price, keyed like the builder's (`items.<uuid>.options.types`, `form`). */
export async function formPriceErrors(db: Queryable, eventId: string, definition: FormDefinition, locale: Locale): Promise<FieldErrors> {
  const prices = await db.select({ kind: eventPrices.kind, key: eventPrices.key }).from(eventPrices).where(eq(eventPrices.eventId, eventId));
  const t = translatorFor(locale);
  return Object.fromEntries(
    Object.entries(missingFormPrices(itemsOf(definition), prices)).map(([key, gaps]) => [key, [t("priceList.missing", { items: pricedItemNames(gaps, t) })]]),
  );
}
