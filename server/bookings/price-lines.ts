import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { localizedTextSchema, pickLocale } from "../../core/contracts/localized-text";
import { bookedLinesTotal, bookedPriceLinesOf, type BookedLineKind, type BookedPriceLine } from "../../core/domain/booked-price-lines";
import { bookingPriceLines } from "../../core/domain/booking-choices";
import { choicePriceLines, optionLineKey, pricedChoicesOf } from "../../core/domain/choice-prices";
import type { Cents } from "../../core/domain/money";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { definitionItems, pinnedFormDefinition } from "../db/form-versions";
import { bookings, eventDayResources, eventPrices, participants, resourceReservations } from "../db/schema";

export { defaultVatRate } from "../../core/domain/booked-price-lines";

/** One priced thing of a booking, labelled: same things (two golf-playing companions, a car on two days) summed up. */
export type LabelledPriceLine = {
  kind: BookedLineKind;
  key: string;
  label: string;
  quantity: number;
  unitCents: Cents;
  totalCents: Cents;
  vatRateBasisPoints: number;
};

/** A choice's label as stored (`{ en, de }`; a plain text from a hand-made form) in `locale`. */
function choiceLabelIn(label: unknown, fallback: string, locale: Locale): string {
  const localized = localizedTextSchema.safeParse(label);
  if (localized.success) return pickLocale(localized.data, locale);
  return typeof label === "string" ? label : fallback;
}

/**
 * The booking's price lines as the invoice prints them and the staff detail lists them, labelled in
 * `locale`: the lines stored with the booking when it was priced (submission, a staff re-price; money
 * review, finding 3), never today's price list. A booking priced before lines were stored (none
 * after the start-up backfill, backfillPriceLines) is priced from the current list as before. Option
 * labels come from the booking's own form version (decision 042). One place, so the invoice and the
 * desk never list different lines.
 */
export async function labelledPriceLines(
  db: Queryable,
  booking: Pick<typeof bookings.$inferSelect, "id" | "eventId" | "formId" | "formVersionId" | "answers" | "priceLines">,
  locale: Locale,
): Promise<LabelledPriceLine[]> {
  const t = translatorFor(locale);
  const [stored, definition] = await Promise.all([booking.priceLines ?? currentPriceLines(db, booking), pinnedFormDefinition(db, booking)]);
  const items = definitionItems(definition);
  const optionLabels = new Map(
    pricedChoicesOf(items, booking.answers).map((choice) => [
      optionLineKey(choice.item.uuid, choice.value),
      `${pickLocale(choice.item.label, locale)}: ${choiceLabelIn(choice.choiceLabel, choice.value, locale)}`,
    ]),
  );
  return stored.map((line) => {
    const label = localizedTextSchema.safeParse(line.label);
    return {
      kind: line.kind,
      key: line.key,
      label: line.kind === "option" ? (optionLabels.get(line.key) ?? line.key) : label.success ? pickLocale(label.data, locale) : t("booking.price.eventPrice"),
      quantity: line.quantity,
      unitCents: line.unitCents,
      totalCents: line.totalCents,
      vatRateBasisPoints: line.vatRateBasisPoints,
    };
  });
}

/**
 * The booking's lines priced from the event's price list as it is now: the main participant, each
 * companion by type, the per-day resources still reserved and the priced choices of its answers by
 * its own form version (decision 042), exactly as `bookingPriceLines` prices a submission.
 */
export async function currentPriceLines(
  db: Queryable,
  booking: Pick<typeof bookings.$inferSelect, "id" | "eventId" | "formId" | "formVersionId" | "answers">,
): Promise<BookedPriceLine[]> {
  const [prices, people, reserved, definition] = await Promise.all([
    db.select().from(eventPrices).where(eq(eventPrices.eventId, booking.eventId)),
    db.select().from(participants).where(eq(participants.bookingId, booking.id)).orderBy(asc(participants.position)),
    db
      .select({ key: eventDayResources.key, kind: eventDayResources.kind, quantity: resourceReservations.quantity })
      .from(resourceReservations)
      .innerJoin(eventDayResources, eq(eventDayResources.id, resourceReservations.resourceId))
      .where(and(eq(resourceReservations.bookingId, booking.id), isNull(resourceReservations.releasedAt))),
    pinnedFormDefinition(db, booking),
  ]);
  const lines = bookingPriceLines(
    prices.map((price) => ({ kind: price.kind, key: price.key, amount_cents: price.amountCents })),
    people.flatMap((person) => (person.role === "companion" && person.companionType ? [person.companionType] : [])),
    reserved,
    choicePriceLines(definitionItems(definition), booking.answers),
  );
  return bookedPriceLinesOf(lines, prices);
}

/**
 * Start-up backfill after the migrations (server/main.ts): every submitted booking without stored
 * lines gets them, priced from the current price list as every surface priced it until now (the price
 * list of the day it was booked is not known). Only bookings whose lines add up to their total are
 * written; the others keep being priced from the list (and are logged by the caller).
 */
export async function backfillPriceLines(db: Queryable): Promise<{ stored: number; mismatched: string[] }> {
  const missing = await db.select().from(bookings).where(and(isNull(bookings.priceLines), ne(bookings.status, "draft")));
  const mismatched: string[] = [];
  for (const booking of missing) {
    const lines = await currentPriceLines(db, booking);
    if (bookedLinesTotal(lines) !== booking.totalCents) {
      mismatched.push(booking.id);
      continue;
    }
    await db.update(bookings).set({ priceLines: lines }).where(eq(bookings.id, booking.id));
  }
  return { stored: missing.length - mismatched.length, mismatched };
}
