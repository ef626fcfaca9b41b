import type { CustomerCancelPreview, CustomerCancelTerms } from "../../core/contracts/cancellation";
import { accountViewOf } from "../../core/contracts/booking-account";
import { bookingAccount } from "../../core/domain/booking-account";
import { bookingEventAllowed } from "../../core/domain/booking-state-machine";
import { cancellationFeeOn } from "../../core/domain/cancellation-schedule";
import { wholeCancellationBase } from "../../core/domain/companion-removal";
import { operatorToday } from "../../core/domain/dates";
import type { bookings, events } from "../db/schema";
import { AppError } from "../errors";
import type { StaffActionDeps } from "../staff/bookings/staff-booking";
import { accountInputOf, type Ledger } from "./booking-account";
import { cancellationOutcome } from "./cancellation-outcome";

/**
 * Cancellation by the customer (issue 30, decision 075), on the manage page: the event's schedule
 * sets the fee on the operator's day; everything else is the booking account's and the staff
 * cancellation's (cancellation-outcome.ts, cancel-locked-booking.ts). What was paid beyond the fee goes
 * back: card money through the provider at once, money that came by transfer (or otherwise) stays as
 * credit on the account for staff to pay out. A fee beyond what was paid is the new balance.
 * The verbs: preview-customer-cancel.ts and cancel-by-customer.ts.
 */
export type CustomerCancelDeps = StaffActionDeps;

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** Whether and at what fee the customer may cancel today: the manage view shows it, the preview and the cancellation act on it. */
export function customerCancelTermsOf(booking: BookingRow, event: EventRow, now: Date): CustomerCancelTerms {
  if (!bookingEventAllowed(booking.status, "cancelled_by_customer")) return { allowed: false, reason: "not_in_status" };
  // What the booking costs while it stands (its total less the reductions staff granted); the fees of
  // companions taken off earlier are kept in full on top of the schedule's fee on the rest (decision 075).
  const { baseCents, keptCents } = wholeCancellationBase({ baseCents: Math.max(0, booking.totalCents - booking.creditedCents), lines: booking.priceLines });
  const terms = cancellationFeeOn(event.cancellationSchedule, { startsOn: event.startsOn, today: operatorToday(now), baseCents });
  if (!terms.allowed) return { allowed: false, reason: terms.reason };
  return { allowed: true, fee_cents: terms.feeCents + keptCents, fee: terms.rule.fee, until: terms.until };
}

/** The preview's figures (the preview and the cancellation both call it): the same function answers the preview and plans the cancellation, so they cannot differ. */
export function planOf(booking: BookingRow, event: EventRow, ledger: Ledger, now: Date) {
  const terms = customerCancelTermsOf(booking, event, now);
  if (!terms.allowed) {
    const key = { not_by_customer: "customerCancelNotAllowed", too_late: "customerCancelTooLate", not_in_status: "bookingNotCancellable" } as const;
    throw new AppError("CONFLICT", booking.status === "cancelled" ? "bookingAlreadyCancelled" : key[terms.reason]);
  }
  const today = operatorToday(now);
  const before = bookingAccount(accountInputOf({ ...booking, status: "cancelled" }, ledger), today);
  const toGiveBack = Math.max(0, before.netPaidCents - terms.fee_cents);
  const byCard = Math.min(
    toGiveBack,
    before.refundable.filter((part) => part.channel === "provider").reduce((sum, part) => sum + part.refundableCents, 0),
  );
  const refund = byCard > 0 ? { amountCents: byCard, requireRefundable: true, onlyChannel: "provider" as const } : null;
  const outcome = cancellationOutcome(booking, ledger, today, { refund, feeCents: terms.fee_cents });
  const preview: CustomerCancelPreview = {
    uuid: booking.id,
    fee_cents: terms.fee_cents,
    card_refund_cents: outcome.refundCents,
    queued_refund_cents: toGiveBack - outcome.refundCents,
    account: accountViewOf(outcome.after),
  };
  return { preview, refund };
}
