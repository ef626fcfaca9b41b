import type { BookingStatus } from "./booking-status";
import type { BookingAccount, DueKind, PayableAmount } from "./booking-account";
import { addDays, type IsoDate } from "./dates";

export type PaymentKind = DueKind;

export type PaymentDue = PayableAmount | { refused: "hold_expired" | "nothing_due" | "in_review" };

/** Statuses in which a customer pays: while the places are held, or once the booking stands (a raised price reopens a paid one). */
const payingStatuses = new Set<BookingStatus>(["submitted", "awaiting_payment", "confirmed"]);

/**
 * What a pay button asks for now (PRODUCT.md "Money" and "Booking lifecycle"), from the booking
 * account (decision 067): what has fallen due, or the next instalment early. Refused while staff
 * review a request, once the hold ran out, and when nothing is outstanding. Pure: the payment
 * service, the pages and the e-mails ask the same question.
 */
export function paymentDue(booking: { status: BookingStatus; holdExpiresAt: Date | null }, account: Pick<BookingAccount, "payable">, now: Date): PaymentDue {
  if (booking.status === "in_review") return { refused: "in_review" };
  if (booking.status === "expired") return { refused: "hold_expired" };
  if ((booking.status === "submitted" || booking.status === "awaiting_payment") && booking.holdExpiresAt && booking.holdExpiresAt <= now) {
    return { refused: "hold_expired" };
  }
  if (!payingStatuses.has(booking.status) || !account.payable) return { refused: "nothing_due" };
  return account.payable;
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

/**
 * When a booking's first instalment is due, decided at submission (decision 067): by card on the day it
 * is booked, by invoice on the transfer's due date; a call-back request owes nothing until staff verify
 * it, and then (`verifiedOn`) pays as an invoice booking would from that day.
 */
export function depositDueOn(input: {
  paymentOption: "credit_card" | "invoice" | "sma" | null;
  submittedOn: IsoDate;
  verifiedOn?: IsoDate | undefined;
  dueDays: number;
  remainderDueOn: IsoDate | null;
  startsOn: IsoDate;
}): IsoDate | null {
  if (input.paymentOption === "sma" && !input.verifiedOn) return null;
  if (input.paymentOption === "credit_card" || input.paymentOption === null) return input.submittedOn;
  return bankTransferDueOn({
    submittedOn: input.verifiedOn ?? input.submittedOn,
    dueDays: input.dueDays,
    remainderDueOn: input.remainderDueOn,
    startsOn: input.startsOn,
  });
}
