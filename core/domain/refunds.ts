import type { PaymentStatus } from "./booking-state-machine";

/**
 * What staff may give back of a booking's card payments, and how a refund is split over them
 * (docs/decisions/030). Pure: the caller reads the payments under the booking's row lock, so two
 * refunds of the same booking take turns and the second one plans against what the first left.
 */
export type RefundablePayment = {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  refundedCents: number;
  createdAt: Date;
};

/** Money that arrived and has not been given back: succeeded payments, and those kept for refund (`refund_pending`). */
export function refundableCentsOf(payment: Pick<RefundablePayment, "status" | "amountCents" | "refundedCents">): number {
  if (payment.status !== "succeeded" && payment.status !== "refund_pending") return 0;
  return Math.max(0, payment.amountCents - payment.refundedCents);
}

export function refundableCents(payments: readonly RefundablePayment[]): number {
  return payments.reduce((sum, payment) => sum + refundableCentsOf(payment), 0);
}

export type RefundPart = { paymentId: string; amountCents: number; refundsAll: boolean };

export type RefundPlan =
  | { ok: true; totalCents: number; parts: RefundPart[] }
  | { ok: false; reason: "nothing_refundable" | "exceeds_refundable"; refundableCents: number };

/**
 * Splits `requestedCents` (all that is refundable when undefined) over the payments: first those
 * kept for refund (money the site could not keep, which must go back in any case), then the newest
 * payments first (a balance before its deposit). Never more than a payment's own refundable rest.
 */
export function planRefund(payments: readonly RefundablePayment[], requestedCents?: number): RefundPlan {
  const available = refundableCents(payments);
  if (available === 0) return { ok: false, reason: "nothing_refundable", refundableCents: 0 };
  const wanted = requestedCents ?? available;
  if (!Number.isInteger(wanted) || wanted <= 0 || wanted > available) return { ok: false, reason: "exceeds_refundable", refundableCents: available };
  const order = [...payments]
    .filter((payment) => refundableCentsOf(payment) > 0)
    .sort((a, b) => {
      const kept = Number(b.status === "refund_pending") - Number(a.status === "refund_pending");
      return kept !== 0 ? kept : b.createdAt.getTime() - a.createdAt.getTime();
    });
  const parts: RefundPart[] = [];
  let left = wanted;
  for (const payment of order) {
    if (left === 0) break;
    const rest = refundableCentsOf(payment);
    const amountCents = Math.min(rest, left);
    parts.push({ paymentId: payment.id, amountCents, refundsAll: amountCents === rest });
    left -= amountCents;
  }
  return { ok: true, totalCents: wanted, parts };
}

/**
 * A bank transfer recorded by staff: the booking event it leads to, and whether it pays more than
 * the total (allowed, but flagged to the caller).
 */
export function transferOutcome(booking: { totalCents: number; paidCents: number; status: string }, amountCents: number) {
  const paidCents = booking.paidCents + amountCents;
  const overpaidCents = Math.max(0, paidCents - booking.totalCents);
  const event = booking.status === "paid" ? ("paid_beyond_total" as const) : paidCents >= booking.totalCents ? ("paid_in_full" as const) : ("paid_in_part" as const);
  return { paidCents, overpaidCents, event };
}
