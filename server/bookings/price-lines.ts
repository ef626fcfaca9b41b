import { and, asc, eq, isNull } from "drizzle-orm";
import { localizedTextSchema, pickLocale } from "../../core/contracts/localized-text";
import { bookingPriceLines } from "../../core/domain/booking-choices";
import { choicePriceLines, optionLineKey, pricedChoicesOf } from "../../core/domain/choice-prices";
import type { Cents } from "../../core/domain/money";
import type { PriceLineKind } from "../../core/domain/pricing";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { definitionItems, pinnedFormDefinition } from "../db/form-versions";
import { type bookings, eventDayResources, eventPrices, participants, resourceReservations } from "../db/schema";

/** Germany's standard rate, for a line with no price row behind it (the schema's default too). */
export const defaultVatRate = 1900;

/** One priced thing of a booking, labelled: same things (two golf-playing companions, a car on two days) summed up. */
export type LabelledPriceLine = {
  kind: PriceLineKind;
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
 * `locale`: the main participant, each companion by type, the per-day resources still reserved and
 * the priced choices of its answers by its own form version (decision 042), each priced from the
 * event's price list exactly as `bookingPriceLines` prices a submission. One place, so the invoice
 * and the desk never list different lines.
 */
export async function labelledPriceLines(
  db: Queryable,
  booking: Pick<typeof bookings.$inferSelect, "id" | "eventId" | "formId" | "formVersionId" | "answers">,
  locale: Locale,
): Promise<LabelledPriceLine[]> {
  const t = translatorFor(locale);
  const [prices, people, reserved, definition] = await Promise.all([
    db.select().from(eventPrices).where(eq(eventPrices.eventId, booking.eventId)),
    db.select().from(participants).where(eq(participants.bookingId, booking.id)).orderBy(asc(participants.position)),
    db
      .select({ key: eventDayResources.key, kind: eventDayResources.kind, quantity: resourceReservations.quantity })
      .from(resourceReservations)
      .innerJoin(eventDayResources, eq(eventDayResources.id, resourceReservations.resourceId))
      .where(and(eq(resourceReservations.bookingId, booking.id), isNull(resourceReservations.releasedAt))),
    // The priced choices as the booking's own form version offered them (decision 042).
    pinnedFormDefinition(db, booking),
  ]);
  const items = definitionItems(definition);
  const lines = bookingPriceLines(
    prices.map((price) => ({ kind: price.kind, key: price.key, amount_cents: price.amountCents })),
    people.flatMap((person) => (person.role === "companion" && person.companionType ? [person.companionType] : [])),
    reserved,
    choicePriceLines(items, booking.answers),
  );
  const optionLabels = new Map(
    pricedChoicesOf(items, booking.answers).map((choice) => [
      optionLineKey(choice.item.uuid, choice.value),
      `${pickLocale(choice.item.label, locale)}: ${choiceLabelIn(choice.choiceLabel, choice.value, locale)}`,
    ]),
  );
  // A priced choice is part of the booked event, not a service of its own: it takes the event price's
  // rate (decision 042), like the main service it comes with; the standard rate when there is none.
  const eventVatRate = prices.find((price) => price.kind === "participant" && price.key === "participant")?.vatRateBasisPoints ?? defaultVatRate;
  const labelled = new Map<string, LabelledPriceLine>();
  for (const line of lines) {
    const price = prices.find((candidate) => candidate.kind === line.kind && candidate.key === line.key);
    const option = line.kind === "option";
    const label = option ? (optionLabels.get(line.key) ?? line.key) : price ? pickLocale(price.label, locale) : t("booking.price.eventPrice");
    const id = `${line.kind}:${line.key}`;
    const current = labelled.get(id) ?? {
      kind: line.kind,
      key: line.key,
      label,
      quantity: 0,
      unitCents: line.unitCents,
      totalCents: 0,
      vatRateBasisPoints: option ? eventVatRate : (price?.vatRateBasisPoints ?? defaultVatRate),
    };
    current.quantity += line.quantity;
    current.totalCents += line.unitCents * line.quantity;
    labelled.set(id, current);
  }
  return [...labelled.values()];
}
