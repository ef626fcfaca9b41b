import type { BookingStatus } from "./booking-status";
import { addDays, operatorToday, type IsoDate } from "./dates";

export type PaymentKind = "deposit" | "balance" | "full";

export type BookingMoney = {
  status: BookingStatus;
  totalCents: number;
  depositCents: number;
  paidCents: number;
  holdExpiresAt: Date | null;
  /** When the rest falls due; from that day on everything outstanding is due at once. */
  remainderDueOn: string | null;
};

export type PaymentDue = { kind: PaymentKind; amountCents: number } | { refused: "hold_expired" | "nothing_due" | "in_review" };

/**
 * What the customer can pay now (PRODUCT.md "Money" and "Booking lifecycle"): the deposit — or the
 * whole amount when there is no remainder — while the places are held or once staff confirmed the
 * booking (SMA, invoice), then the rest. Pure: the payment service and the pages ask the same question.
 */
export function paymentDue(booking: BookingMoney, now: Date): PaymentDue {
  const outstanding = booking.totalCents - booking.paidCents;
  if (booking.status === "in_review") return { refused: "in_review" };
  if (booking.status === "expired") return { refused: "hold_expired" };
  if (booking.status === "submitted" || booking.status === "awaiting_payment") {
    if (booking.holdExpiresAt && booking.holdExpiresAt <= now) return { refused: "hold_expired" };
  } else if (booking.status !== "confirmed") {
    return { refused: "nothing_due" };
  }
  if (outstanding <= 0) return { refused: "nothing_due" };
  const remainderFallenDue = booking.remainderDueOn !== null && operatorToday(now) >= booking.remainderDueOn;
  if (booking.paidCents < booking.depositCents && !remainderFallenDue) {
    const kind = booking.depositCents >= booking.totalCents ? "full" : "deposit";
    return { kind, amountCents: booking.depositCents - booking.paidCents };
  }
  // Nothing paid yet and the balance already due (a request verified late): one payment of everything.
  return { kind: booking.paidCents === 0 ? "full" : "balance", amountCents: outstanding };
}

/** The booking status once `paidCents` are paid in total: fully paid, or confirmed with a remainder due. */
export function statusAfterPayment(totalCents: number, paidCents: number): "paid" | "confirmed" {
  return paidCents >= totalCents ? "paid" : "confirmed";
}

/**
 * When a bank transfer (invoice booking) is due: `dueDays` after the booking was submitted (the site's
 * `bank_transfer_due_days`, default 14), but never after the remainder's own due date nor after the
 * event starts, and never before the submission day.
 */
export function bankTransferDueOn(input: { submittedOn: IsoDate; dueDays: number; remainderDueOn: IsoDate | null; startsOn: IsoDate }): IsoDate {
  const candidates = [addDays(input.submittedOn, Math.max(0, input.dueDays)), input.startsOn];
  if (input.remainderDueOn) candidates.push(input.remainderDueOn);
  const earliest = candidates.sort()[0] ?? input.submittedOn;
  return earliest < input.submittedOn ? input.submittedOn : earliest;
}
