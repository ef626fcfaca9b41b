import { describe, expect, it } from "vitest";
import {
  bookingEventNames,
  bookingEventOfPayment,
  bookingFollowUps,
  nextBookingStatus,
  nextPaymentStatus,
  paymentEventNames,
  paymentStatuses,
  type BookingEvent,
  type PaymentEvent,
  type PaymentState,
} from "../../core/domain/booking-state-machine";
import { bookingStatuses, type BookingStatus } from "../../core/domain/booking-status";

/**
 * Every allowed transition, written out by hand from PRODUCT.md's lifecycle (not derived from the
 * table under test). Every other pair of status and event must be refused.
 */
const allowedBooking: [BookingStatus, BookingEvent, BookingStatus][] = [
  ["draft", "submitted_for_card_payment", "submitted"],
  ["draft", "submitted_confirmed", "confirmed"],
  ["draft", "submitted_for_review", "in_review"],
  ["submitted", "card_payment_started", "awaiting_payment"],
  ["submitted", "hold_expired", "expired"],
  ["submitted", "paid_in_part", "confirmed"],
  ["submitted", "paid_in_full", "paid"],
  ["awaiting_payment", "hold_expired", "expired"],
  ["awaiting_payment", "paid_in_part", "confirmed"],
  ["awaiting_payment", "paid_in_full", "paid"],
  ["in_review", "sma_verified", "confirmed"],
  ["in_review", "sma_rejected", "rejected"],
  ["confirmed", "paid_in_part", "confirmed"],
  ["confirmed", "paid_in_full", "paid"],
  ["confirmed", "balance_reminder_sent", "confirmed"],
  // A payment arriving after the hold ran out takes the places back while they are free.
  ["expired", "paid_in_part", "confirmed"],
  ["expired", "paid_in_full", "paid"],
  // Staff cancel any submitted booking that is not over yet (issue 13); once.
  ...(["submitted", "awaiting_payment", "in_review", "confirmed", "paid", "expired"] as const).map((status): [BookingStatus, BookingEvent, BookingStatus] => [
    status,
    "cancelled_by_staff",
    "cancelled",
  ]),
  // The customer cancels a standing booking themselves (issue 30), not an expired one; once.
  ...(["submitted", "awaiting_payment", "in_review", "confirmed", "paid"] as const).map((status): [BookingStatus, BookingEvent, BookingStatus] => [
    status,
    "cancelled_by_customer",
    "cancelled",
  ]),
  // Staff reverse a customer's cancellation (within a day; core/domain/cancellation-reversal.ts): it stands again, confirmed.
  ["cancelled", "cancellation_reversed", "confirmed"],
  // A bank transfer recorded on a booking paid in full already: noted, the status stays.
  ["paid", "paid_beyond_total", "paid"],
  // The account moved without a payment (decision 067): a raised price or a refund reopens, a lowered price settles.
  ["paid", "account_reopened", "confirmed"],
  ["confirmed", "account_settled", "paid"],
  // An invoice can be issued for any booking that was submitted; it does not change the status.
  ...bookingStatuses.filter((status) => status !== "draft").map((status): [BookingStatus, BookingEvent, BookingStatus] => [status, "invoice_issued", status]),
];

const allowedPayment: [PaymentState, PaymentEvent, string][] = [
  ["new", "created", "pending"],
  ["pending", "checkout_not_created", "failed"],
  ["pending", "replaced", "expired"],
  ["pending", "refused_by_provider", "failed"],
  ["pending", "checkout_expired", "expired"],
  ["pending", "succeeded", "succeeded"],
  ["pending", "kept_for_refund", "refund_pending"],
  ["requires_action", "replaced", "expired"],
  ["requires_action", "refused_by_provider", "failed"],
  ["requires_action", "checkout_expired", "expired"],
  ["requires_action", "succeeded", "succeeded"],
  ["requires_action", "kept_for_refund", "refund_pending"],
  // Money reported after a failure or expiry is real: kept, or kept for a refund.
  ["failed", "succeeded", "succeeded"],
  ["failed", "kept_for_refund", "refund_pending"],
  ["expired", "succeeded", "succeeded"],
  ["expired", "kept_for_refund", "refund_pending"],
  // Staff refunds (issue 13): the whole rest via refund_pending; a part keeps the status.
  ["succeeded", "refund_requested", "refund_pending"],
  ["succeeded", "refunded_in_part", "succeeded"],
  ["refund_pending", "refund_requested", "refund_pending"],
  ["refund_pending", "refunded", "refunded"],
  ["refund_pending", "refunded_in_part", "refund_pending"],
];

const bookingCases = bookingStatuses.flatMap((status) =>
  bookingEventNames.map((event) => {
    const allowed = allowedBooking.find(([from, on]) => from === status && on === event);
    return { status, event, expected: allowed ? { allowed: true, to: allowed[2] } : { allowed: false, reason: "not_allowed_in_status" } };
  }),
);

const paymentStates: PaymentState[] = ["new", ...paymentStatuses];
const paymentCases = paymentStates.flatMap((status) =>
  paymentEventNames.map((event) => {
    const allowed = allowedPayment.find(([from, on]) => from === status && on === event);
    return { status, event, expected: allowed ? { allowed: true, to: allowed[2] } : { allowed: false, reason: "not_allowed_in_status" } };
  }),
);

describe("the booking state machine", () => {
  it.each(bookingCases)("booking $status + $event", ({ status, event, expected }) => {
    expect(nextBookingStatus(status, event)).toEqual(expected);
  });

  it("covers every status and event, and the hand-written list has no duplicates", () => {
    expect(bookingCases).toHaveLength(bookingStatuses.length * bookingEventNames.length);
    expect(new Set(allowedBooking.map(([from, on]) => `${from} ${on}`)).size).toBe(allowedBooking.length);
  });

  it("names the follow-up jobs: the hold's expiry, the balance-due mail, the next reminder", () => {
    expect(bookingFollowUps.submitted_for_card_payment).toEqual(["schedule_hold_expiry"]);
    expect(bookingFollowUps.sma_verified).toEqual(["schedule_balance_due"]);
    expect(bookingFollowUps.paid_in_part).toEqual(["schedule_balance_due"]);
    expect(bookingFollowUps.balance_reminder_sent).toEqual(["schedule_next_balance_reminder"]);
    const withFollowUps = bookingEventNames.filter((event) => bookingFollowUps[event].length > 0);
    expect(bookingFollowUps.account_reopened).toEqual(["schedule_balance_due"]);
    expect(withFollowUps.sort()).toEqual(["account_reopened", "balance_reminder_sent", "paid_in_part", "sma_verified", "submitted_for_card_payment"]);
  });

  it("a payment is paid in part while something is outstanding, in full once nothing is", () => {
    expect(bookingEventOfPayment(19600, 4900)).toBe("paid_in_part");
    expect(bookingEventOfPayment(19600, 19600)).toBe("paid_in_full");
    expect(bookingEventOfPayment(0, 0)).toBe("paid_in_full");
  });
});

describe("the payment state machine", () => {
  it.each(paymentCases)("payment $status + $event", ({ status, event, expected }) => {
    expect(nextPaymentStatus(status, event)).toEqual(expected);
  });

  it("covers every status and event, and the hand-written list has no duplicates", () => {
    expect(paymentCases).toHaveLength(paymentStates.length * paymentEventNames.length);
    expect(new Set(allowedPayment.map(([from, on]) => `${from} ${on}`)).size).toBe(allowedPayment.length);
  });
});
