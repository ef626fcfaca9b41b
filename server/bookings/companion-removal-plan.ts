import type { CustomerCancelTerms } from "../../core/contracts/cancellation";
import type { CompanionRemovalPreview } from "../../core/contracts/companion-removal";
import { accountViewOf } from "../../core/contracts/booking-account";
import { bookingAccount, refundChannelOf, type AccountRefund } from "../../core/domain/booking-account";
import { companionRemovalTerms, linesWithoutCompanion, priceLinesOfBooked } from "../../core/domain/companion-removal";
import { operatorToday } from "../../core/domain/dates";
import { priceBooking, type PaymentTerms } from "../../core/domain/pricing";
import { translatorFor } from "../../core/i18n/i18n";
import { locales } from "../../core/i18n/locales";
import type { bookings, events, participants } from "../db/schema";
import { AppError } from "../errors";
import { refundPlanOf } from "../staff/bookings/refund-booking";
import { accountInputOf, type Ledger } from "./booking-account";
import type { CancelRefundPlan } from "./cancellation-outcome";

/**
 * A customer takes one companion off their booking (issue 30, decision 075 addendum): the fee is the
 * event's schedule applied to the companion's share (core/domain/companion-removal.ts), everything else
 * is the booking account's. The preview and the removal both call `companionRemovalPlanOf`, so the
 * preview is what happens. The verbs: preview-companion-removal.ts, remove-companion-by-customer.ts.
 */

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;
type PersonRow = typeof participants.$inferSelect;

/** Only a booking that stands and is binding: a card hold, a request in review or a closed booking is not changed by the customer. */
const removableStatuses: ReadonlySet<BookingRow["status"]> = new Set(["confirmed", "paid"]);

export const personName = (person: Pick<PersonRow, "forename" | "surname">) => [person.forename, person.surname].filter(Boolean).join(" ");

/** Whether and at what fee the customer may take this companion off today: the manage view shows it, the preview and the removal act on it. */
export function companionRemovalTermsOf(booking: BookingRow, event: EventRow, person: PersonRow, now: Date): CustomerCancelTerms {
  if (!removableStatuses.has(booking.status)) return { allowed: false, reason: "not_in_status" };
  const terms = companionRemovalTerms(event.cancellationSchedule, {
    lines: booking.priceLines ?? [],
    companionType: person.companionType ?? "",
    startsOn: event.startsOn,
    today: operatorToday(now),
  });
  if (!terms.allowed) return { allowed: false, reason: terms.reason };
  return { allowed: true, fee_cents: terms.feeCents, fee: terms.rule.fee, until: terms.until };
}

const refusals = { not_by_customer: "customerCancelNotAllowed", too_late: "customerCancelTooLate", not_in_status: "companionRemovalNotInStatus" } as const;

/**
 * The removal's figures and what it writes: the booking's new lines and price (the deposit split as on
 * the day it was submitted, as a staff re-price does), the card refund of what is then paid beyond what
 * is owed, and the preview. Refusals: not the booking's companion (404), the main participant, a booking
 * not confirmed or paid, the schedule saying no or too late, a booking priced without the companion's line (409).
 */
export function companionRemovalPlanOf(input: {
  booking: BookingRow;
  event: EventRow;
  person: PersonRow | undefined;
  ledger: Ledger;
  terms: PaymentTerms;
  now: Date;
}) {
  const { booking, event, person, now } = input;
  if (!person) throw new AppError("NOT_FOUND", "companionNotFound");
  if (person.role === "main") throw new AppError("CONFLICT", "companionRemovalMain");
  const terms = companionRemovalTermsOf(booking, event, person, now);
  if (!terms.allowed) throw new AppError("CONFLICT", refusals[terms.reason]);
  const companionType = person.companionType ?? "";
  const booked = booking.priceLines ?? [];
  if (!booked.some((line) => line.kind === "companion" && line.key === companionType && line.quantity > 0))
    throw new AppError("CONFLICT", "companionRemovalNotPriced");
  const name = personName(person);
  const label = Object.fromEntries(locales.map((locale) => [locale, translatorFor(locale)("manage.removeCompanion.feeLine", { name })]));
  const lines = linesWithoutCompanion(booked, { companionType, feeCents: terms.fee_cents, feeKey: person.id, label });
  // A discount code's amount stays as it was booked (decision 079): only the companion's line and its fee change.
  const price = priceBooking(priceLinesOfBooked(lines), input.terms, { today: operatorToday(booking.submittedAt ?? now), startsOn: event.startsOn }, booking.discountCents);
  const after: BookingRow = { ...booking, ...price, priceLines: lines };

  const today = operatorToday(now);
  const before = bookingAccount(accountInputOf(after, input.ledger), today);
  // What is then paid beyond what is owed goes back: card money through the provider at once, the rest queued for staff.
  const toGiveBack = before.creditCents;
  const byCard = Math.min(
    toGiveBack,
    before.refundable.filter((part) => part.channel === "provider").reduce((sum, part) => sum + part.refundableCents, 0),
  );
  const refund: CancelRefundPlan = byCard > 0 ? { amountCents: byCard, requireRefundable: true, onlyChannel: "provider" } : null;
  const planned = refund ? (refundPlanOf(input.ledger, before, refund) ?? []) : [];
  const refunds: AccountRefund[] = planned.map((part) => {
    const payment = input.ledger.payments.find((candidate) => candidate.id === part.paymentId);
    if (!payment) throw new Error(`payment ${part.paymentId} is not on the ledger`);
    return { paymentId: part.paymentId, amountCents: part.amountCents, channel: refundChannelOf(payment.method), on: today };
  });
  const accountInput = accountInputOf(after, input.ledger);
  const account = bookingAccount({ ...accountInput, refunds: [...accountInput.refunds, ...refunds] }, today);
  const cardRefundCents = refunds.reduce((sum, part) => sum + part.amountCents, 0);
  const shareCents = booked.find((line) => line.kind === "companion" && line.key === companionType)?.unitCents ?? 0;
  const preview: CompanionRemovalPreview = {
    uuid: booking.id,
    companion_uuid: person.id,
    companion_name: name,
    share_cents: shareCents,
    fee_cents: terms.fee_cents,
    card_refund_cents: cardRefundCents,
    queued_refund_cents: toGiveBack - cardRefundCents,
    total_cents: price.totalCents,
    account: accountViewOf(account),
  };
  return { preview, refund, price, lines };
}
