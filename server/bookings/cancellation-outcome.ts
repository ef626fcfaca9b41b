import { bookingAccount, cancellationFeeOf, refundChannelOf, type AccountRefund, type BookingAccount, type RefundChannel } from "../../core/domain/booking-account";
import type { IsoDate } from "../../core/domain/dates";
import { refundPlanOf } from "../staff/bookings/refund-booking";
import type { BookingRow } from "../staff/bookings/staff-booking";
import { accountInputOf, type Ledger } from "./booking-account";

/** What a cancellation gives back now: nothing, or a refund as the refund verb plans it (refund-booking.ts). */
export type CancelRefundPlan = { amountCents?: number | undefined; requireRefundable: boolean; onlyChannel?: RefundChannel | undefined } | null;

/**
 * What a cancellation would leave, computed on the booking account (decision 067) exactly as the
 * cancellation then does it (cancel-locked-booking.ts): cancelled first, the refund planned on that
 * account by the refund's own plan (and its refusals), then the fee — the one given (the event's
 * schedule, a customer's cancellation), else what was not given back (`cancellationFeeOf`, staff).
 * Reads nothing: the staff preview and the customer's preview both answer from it.
 */
export function cancellationOutcome(
  booking: BookingRow,
  ledger: Ledger,
  today: IsoDate,
  input: { refund: CancelRefundPlan; feeCents?: number | undefined },
): { refunds: AccountRefund[]; refundCents: number; feeCents: number; after: BookingAccount } {
  const cancelled = accountInputOf({ ...booking, status: "cancelled" }, ledger);
  const plan = input.refund ? (refundPlanOf(ledger, bookingAccount(cancelled, today), input.refund) ?? []) : [];
  const refunds: AccountRefund[] = plan.map((part) => {
    const payment = cancelled.payments.find((candidate) => candidate.id === part.paymentId);
    if (!payment) throw new Error(`payment ${part.paymentId} is not on the ledger`);
    return { paymentId: part.paymentId, amountCents: part.amountCents, channel: refundChannelOf(payment.method), on: today };
  });
  const refunded = { ...cancelled, refunds: [...cancelled.refunds, ...refunds] };
  const feeCents = input.feeCents ?? cancellationFeeOf(booking, bookingAccount(refunded, today));
  const after = bookingAccount({ ...refunded, cancellationFeeCents: feeCents }, today);
  return { refunds, refundCents: refunds.reduce((sum, refund) => sum + refund.amountCents, 0), feeCents, after };
}
