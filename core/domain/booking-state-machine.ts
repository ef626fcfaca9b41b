import type { BookingStatus } from "./booking-status";

/**
 * The booking lifecycle (PRODUCT.md "Booking lifecycle") and the payment lifecycle as data: for each
 * status, the events that may happen in it and the status each one leads to. An event missing from a
 * status's row is refused. The tables are checked by the compiler (`satisfies Record<Status, …>`), so a
 * new status is a compile error until its row is written. `server/bookings/record-transition.ts` is the
 * only writer of booking and payment statuses and checks every change against these tables.
 *
 * Some events keep the status (a balance reminder, an invoice): they are in the table so that the audit
 * trail records them as structured events and so that they can only happen in the statuses named here.
 */

export const bookingEventNames = [
  /** Submitted by card: places held until the hold runs out. */
  "submitted_for_card_payment",
  /** Submitted paying by invoice, or with nothing to pay: confirmed at once. */
  "submitted_confirmed",
  /** An SMA booking request: places kept while staff review it. */
  "submitted_for_review",
  "card_payment_started",
  "hold_expired",
  "sma_verified",
  "sma_rejected",
  /** A payment arrived and something is still outstanding (the deposit). */
  "paid_in_part",
  /** A payment arrived and nothing is outstanding any more. */
  "paid_in_full",
  "balance_reminder_sent",
  "invoice_issued",
  /** Staff cancelled the booking (issue 13): its places and resources go back. */
  "cancelled_by_staff",
  /** The customer cancelled their own booking on its manage page, by the event's cancellation schedule (issue 30). */
  "cancelled_by_customer",
  /** Staff reversed a customer's cancellation within a day (core/domain/cancellation-reversal.ts): it stands again, confirmed. */
  "cancellation_reversed",
  /** Staff recorded a bank transfer on a booking already paid in full: the money is noted, the status stays. */
  "paid_beyond_total",
  /** A paid booking owes again (staff raised its price, or part of its money went back): confirmed, with a balance. */
  "account_reopened",
  /** A confirmed booking owes nothing more without a payment (staff lowered its price to what was paid). */
  "account_settled",
] as const;
export type BookingEvent = (typeof bookingEventNames)[number];

type BookingTable = Record<BookingStatus, Partial<Record<BookingEvent, BookingStatus>>>;

/** Statuses a payment can still arrive in (an expired booking is taken back while its places are free). */
const payable = {
  paid_in_part: "confirmed",
  paid_in_full: "paid",
} as const;

/** Statuses staff may cancel a booking in: every submitted one that is not over already (draft, rejected, cancelled). */
const cancellable = { cancelled_by_staff: "cancelled" } as const;
/** Statuses a customer may cancel their own booking in: a standing one (not an expired one, which holds no places). */
const customerCancellable = { cancelled_by_customer: "cancelled" } as const;

export const bookingTransitions = {
  draft: { submitted_for_card_payment: "submitted", submitted_confirmed: "confirmed", submitted_for_review: "in_review" },
  submitted: { card_payment_started: "awaiting_payment", hold_expired: "expired", ...payable, invoice_issued: "submitted", ...cancellable, ...customerCancellable },
  awaiting_payment: { hold_expired: "expired", ...payable, invoice_issued: "awaiting_payment", ...cancellable, ...customerCancellable },
  in_review: { sma_verified: "confirmed", sma_rejected: "rejected", invoice_issued: "in_review", ...cancellable, ...customerCancellable },
  confirmed: { ...payable, balance_reminder_sent: "confirmed", invoice_issued: "confirmed", account_settled: "paid", ...cancellable, ...customerCancellable },
  paid: { invoice_issued: "paid", paid_beyond_total: "paid", account_reopened: "confirmed", ...cancellable, ...customerCancellable },
  rejected: { invoice_issued: "rejected" },
  // Cancelled once: a second cancellation is refused (409), nothing changes.
  // Staff may reverse a customer's cancellation within a day (the verb checks whose and when): confirmed, its account settles it.
  cancelled: { invoice_issued: "cancelled", cancellation_reversed: "confirmed" },
  expired: { ...payable, invoice_issued: "expired", ...cancellable },
} as const satisfies BookingTable;

/** What an event leaves to do later, in the same transaction as the change (written by `recordTransition`). */
export type BookingFollowUp =
  /** The durable job that frees the places when the hold runs out. */
  | "schedule_hold_expiry"
  /** The balance-due mail on the remainder's due date (when there is a remainder and no invoice). */
  | "schedule_balance_due"
  /** The next balance reminder a week later. */
  | "schedule_next_balance_reminder";

export const bookingFollowUps = {
  submitted_for_card_payment: ["schedule_hold_expiry"],
  submitted_confirmed: [],
  submitted_for_review: [],
  card_payment_started: [],
  hold_expired: [],
  sma_verified: ["schedule_balance_due"],
  sma_rejected: [],
  paid_in_part: ["schedule_balance_due"],
  paid_in_full: [],
  balance_reminder_sent: ["schedule_next_balance_reminder"],
  invoice_issued: [],
  cancelled_by_staff: [],
  cancelled_by_customer: [],
  cancellation_reversed: [],
  paid_beyond_total: [],
  account_reopened: ["schedule_balance_due"],
  account_settled: [],
} as const satisfies Record<BookingEvent, readonly BookingFollowUp[]>;

export const paymentStatuses = ["pending", "requires_action", "succeeded", "failed", "expired", "refund_pending", "refunded"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const paymentEventNames = [
  "created",
  /** The provider could not be reached to make the checkout. */
  "checkout_not_created",
  /** Closed because the customer started a newer payment. */
  "replaced",
  "refused_by_provider",
  "checkout_expired",
  "succeeded",
  /** Money arrived that cannot be kept (places gone, a second payment, a wrong amount): staff refund it. */
  "kept_for_refund",
  /** Staff asked the provider to give the rest of the payment back and it has not confirmed yet, or is about to. */
  "refund_requested",
  /** Everything that was paid is given back. */
  "refunded",
  /** Part of the payment was given back; the rest is kept (or still to be refunded, for a payment kept for refund). */
  "refunded_in_part",
] as const;
export type PaymentEvent = (typeof paymentEventNames)[number];

/** A payment row is written as `pending`; "new" is the state before it exists. */
export type PaymentState = PaymentStatus | "new";

/** The provider's word on money received is accepted after these too: the money is real. */
const moneyArrives = { succeeded: "succeeded", kept_for_refund: "refund_pending" } as const;
const stillOpen = { replaced: "expired", refused_by_provider: "failed", checkout_expired: "expired", ...moneyArrives } as const;

export const paymentTransitions = {
  new: { created: "pending" },
  pending: { ...stillOpen, checkout_not_created: "failed" },
  requires_action: stillOpen,
  failed: moneyArrives,
  expired: moneyArrives,
  succeeded: { refund_requested: "refund_pending", refunded_in_part: "succeeded" },
  refund_pending: { refund_requested: "refund_pending", refunded: "refunded", refunded_in_part: "refund_pending" },
  refunded: {},
} as const satisfies Record<PaymentState, Partial<Record<PaymentEvent, PaymentStatus>>>;

export type Transition<Status> = { allowed: true; to: Status } | { allowed: false; reason: "not_allowed_in_status" };

/** The booking status after `event`, or a refusal when the event cannot happen in `status`. */
export function nextBookingStatus(status: BookingStatus, event: BookingEvent): Transition<BookingStatus> {
  const row: Partial<Record<BookingEvent, BookingStatus>> = bookingTransitions[status];
  const to = row[event];
  return to ? { allowed: true, to } : { allowed: false, reason: "not_allowed_in_status" };
}

/** The payment status after `event`, or a refusal when the event cannot happen in `status`. */
export function nextPaymentStatus(status: PaymentState, event: PaymentEvent): Transition<PaymentStatus> {
  const row: Partial<Record<PaymentEvent, PaymentStatus>> = paymentTransitions[status];
  const to = row[event];
  return to ? { allowed: true, to } : { allowed: false, reason: "not_allowed_in_status" };
}

/** Whether `event` can happen to a booking in `status` (callers ask before they lock anything further). */
export function bookingEventAllowed(status: BookingStatus, event: BookingEvent): boolean {
  return nextBookingStatus(status, event).allowed;
}

/** Whether `event` can happen to a payment in `status`. */
export function paymentEventAllowed(status: PaymentState, event: PaymentEvent): boolean {
  return nextPaymentStatus(status, event).allowed;
}

/** The booking event of a payment that arrived, by what is paid in total afterwards. */
export function bookingEventOfPayment(totalCents: number, paidCents: number): "paid_in_part" | "paid_in_full" {
  return paidCents >= totalCents ? "paid_in_full" : "paid_in_part";
}
