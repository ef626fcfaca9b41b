import { eq } from "drizzle-orm";
import { bookingPriceLines, parseResourceChoices, vehicleItemOptions } from "../../core/domain/booking-choices";
import { choicePriceLines } from "../../core/domain/choice-prices";
import { operatorToday } from "../../core/domain/dates";
import { priceBooking, type BookingPrice } from "../../core/domain/pricing";
import { voucherDiscountCents } from "../../core/domain/vouchers";
import type { PublicForm } from "../../core/contracts/forms";
import type { BookingFormExtras } from "../catalog/forms";
import type { Queryable } from "../db/client";
import { bookingFormDefinition, definitionItems } from "../db/form-versions";
import { type bookings, eventPrices, events, type participants, sites } from "../db/schema";

/**
 * A draft's running price (spec §3: a booking carries its total, event price, companion total, deposit
 * and remainder): priced from its current answers and companions with the same pure functions as the
 * submission and the live price summary (core/domain/booking-choices.ts, choice-prices.ts, pricing.ts),
 * on every read and save. The price stored at submission is the one that counts; a submitted booking
 * shows that one.
 */
export async function runningPriceOf(
  db: Queryable,
  booking: Pick<typeof bookings.$inferSelect, "eventId" | "formId" | "formVersionId" | "status" | "answers" | "voucherDiscount">,
  companions: Pick<typeof participants.$inferSelect, "companionType">[],
  now: Date,
  /** The draft's form as the request already read it (getBookingForm): its prices, terms, start and definition, not read again. */
  form?: Pick<PublicForm, "prices" | "payment_terms"> & { event: Pick<PublicForm["event"], "starts_on"> } & Partial<Pick<BookingFormExtras, "definition">>,
): Promise<BookingPrice> {
  const [prices, [event], [site], items] = await Promise.all([
    form
      ? form.prices.map((price) => ({ kind: price.kind, key: price.key, amountCents: price.amount_cents }))
      : db.select().from(eventPrices).where(eq(eventPrices.eventId, booking.eventId)),
    form ? [{ startsOn: form.event.starts_on }] : db.select({ startsOn: events.startsOn }).from(events).where(eq(events.id, booking.eventId)).limit(1),
    form
      ? [{ depositPercent: form.payment_terms.deposit_percent, balanceDueDaysBeforeEvent: form.payment_terms.balance_due_days_before_event }]
      : db.select({ depositPercent: sites.depositPercent, balanceDueDaysBeforeEvent: sites.balanceDueDaysBeforeEvent }).from(sites).limit(1),
    // The booking's form version (decision 036): a draft's is the latest.
    form?.definition ? definitionItems(form.definition) : bookingFormDefinition(db, booking).then(definitionItems),
  ]);
  const answers = booking.answers as Record<string, unknown>;
  const resources = items.flatMap((item) =>
    item.kind === "vehicles" || item.kind === "vehicles_per_day"
      ? (parseResourceChoices(vehicleItemOptions(item.kind, item.options), answers[item.uuid]) ?? [])
      : [],
  );
  const lines = bookingPriceLines(
    prices.map((price) => ({ kind: price.kind, key: price.key, amount_cents: price.amountCents })),
    companions.flatMap((companion) => (companion.companionType ? [companion.companionType] : [])),
    resources,
    choicePriceLines(items, answers),
  );
  // A discount code entered on the review step counts as it was checked then (decision 079); the submission checks it again.
  const gross = lines.reduce((sum, line) => sum + line.unitCents * line.quantity, 0);
  return priceBooking(
    lines,
    { depositPercent: site?.depositPercent ?? 25, balanceDueDaysBeforeEvent: site?.balanceDueDaysBeforeEvent ?? 30 },
    { today: operatorToday(now), startsOn: event?.startsOn ?? operatorToday(now) },
    booking.voucherDiscount ? voucherDiscountCents(booking.voucherDiscount, gross) : 0,
  );
}
