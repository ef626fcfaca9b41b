import { describe, expect, it } from "vitest";
import { bulkActionFit, mailFit, mailFitRules, type MailFitBooking, type MailRefusal } from "../../core/domain/booking-mail-fit";
import { bookingStatuses } from "../../core/domain/booking-status";

/**
 * Which mail fits which booking (issue 28), written out by hand from what each mail says: a
 * confirmation that asks to pay now or promises a call must not reach a cancelled or rejected
 * booking; the news of a cancellation only a cancelled one.
 */

const card = (status: MailFitBooking["status"], paidCents = 0): MailFitBooking => ({ status, paymentOption: "credit_card", smaStatus: "none", paidCents });
const invoice = (status: MailFitBooking["status"], paidCents = 0): MailFitBooking => ({ status, paymentOption: "invoice", smaStatus: "none", paidCents });
const sma = (status: MailFitBooking["status"], smaStatus: MailFitBooking["smaStatus"], paidCents = 0): MailFitBooking => ({
  status,
  paymentOption: "sma",
  smaStatus,
  paidCents,
});

const rows: [template: string, booking: MailFitBooking, expected: true | MailRefusal][] = [
  // The confirmation of a card booking: "pay now, your places are held until …".
  ["booking-received", card("submitted"), true],
  ["booking-received", card("awaiting_payment"), true],
  ["booking-received", card("confirmed", 5000), "already_paid"],
  ["booking-received", card("paid", 20000), "already_paid"],
  ["booking-received", card("expired"), "booking_expired"],
  ["booking-received", card("cancelled"), "booking_cancelled"],
  // A free booking is confirmed with nothing paid: its confirmation asks for nothing.
  ["booking-received", card("confirmed", 0), true],
  // By invoice: "please transfer the deposit".
  ["booking-received", invoice("confirmed"), true],
  ["booking-received", invoice("confirmed", 5000), "already_paid"],
  ["booking-received", invoice("cancelled"), "booking_cancelled"],
  // A request (SMA): "we will call you to verify".
  ["booking-received", sma("in_review", "requested"), true],
  ["booking-received", sma("confirmed", "verified"), "sma_decided"],
  ["booking-received", sma("rejected", "rejected"), "booking_rejected"],
  ["booking-received", sma("cancelled", "requested"), "booking_cancelled"],
  ["booking-received", card("draft"), "booking_not_submitted"],
  // Staff's own "please call" mail.
  ["sma-requested", sma("in_review", "requested"), true],
  ["sma-requested", sma("confirmed", "verified"), "sma_decided"],
  ["sma-requested", sma("rejected", "rejected"), "booking_rejected"],
  // "Verified: continue to payment".
  ["sma-verified", sma("confirmed", "verified"), true],
  ["sma-verified", sma("paid", "verified", 20000), "already_paid"],
  ["sma-verified", sma("in_review", "requested"), "sma_not_verified"],
  ["sma-verified", sma("cancelled", "verified"), "booking_cancelled"],
  ["sma-rejected", sma("rejected", "rejected"), true],
  ["sma-rejected", sma("in_review", "requested"), "sma_not_rejected"],
  ["booking-cancelled", card("cancelled"), true],
  ["booking-cancelled", card("confirmed", 5000), "not_cancelled"],
  // The customer took a companion off; staff reversed a cancellation: true while the booking stands.
  ["companion-removed", card("paid", 20000), true],
  ["companion-removed", card("cancelled", 5000), "booking_cancelled"],
  ["cancellation-reversed", card("confirmed", 5000), true],
  ["cancellation-reversed", card("cancelled", 5000), "booking_cancelled"],
  // "Pay the remainder now".
  ["balance-due", card("confirmed", 5000), true],
  ["balance-due", card("paid", 20000), "already_paid"],
  ["balance-due", card("submitted"), "no_balance_due"],
  ["balance-due", card("cancelled", 5000), "booking_cancelled"],
  // Invoices and receipts while the booking is not over.
  ["invoice", invoice("confirmed"), true],
  ["invoice", invoice("paid", 20000), true],
  ["invoice", invoice("cancelled"), "booking_cancelled"],
  ["payment-received", card("paid", 20000), true],
  ["payment-received", card("rejected"), "booking_rejected"],
  ["transfer-received", invoice("cancelled", 5000), "booking_cancelled"],
  ["booking-details-changed", invoice("expired"), "booking_expired"],
  ["waiver-reminder", card("cancelled"), "booking_cancelled"],
  // Facts that stay true.
  ["refund-issued", card("cancelled", 5000), true],
  ["invoice-corrected", card("cancelled", 5000), true],
  ["staff-message", sma("rejected", "rejected"), true],
  ["manage-link", card("cancelled"), true],
  ["payment-refund-needed", card("cancelled", 5000), true],
  // Not about the booking.
  ["password-reset", card("confirmed"), "not_a_booking_mail"],
  ["waitlist-offer", card("confirmed"), "not_a_booking_mail"],
  ["no-such-template", card("confirmed"), "not_a_booking_mail"],
];

describe("mailFit", () => {
  it.each(rows)("%s to %j: %s", (template, booking, expected) => {
    expect(mailFit(template, booking)).toEqual(expected === true ? { fits: true } : { fits: false, reason: expected });
  });

  it("every template with a rule is covered by a row above", () => {
    const covered = new Set(rows.map(([template]) => template));
    const missing = Object.keys(mailFitRules).filter(
      (template) =>
        !covered.has(template) &&
        !["verify-email", "account-activation", "account-deleted", "password-changed", "waitlist-joined", "staff-invitation", "bookings-open"].includes(
          template,
        ),
    );
    expect(missing).toEqual([]);
  });

  it("no mail but a receipt, a message or a link reaches a cancelled or rejected booking", () => {
    const facts = new Set(["refund-issued", "invoice-corrected", "staff-message", "manage-link", "payment-refund-needed", "booking-cancelled", "sma-rejected"]);
    for (const template of Object.keys(mailFitRules)) {
      if (facts.has(template)) continue;
      expect(mailFit(template, card("cancelled")).fits, template).toBe(false);
      expect(mailFit(template, sma("rejected", "rejected")).fits, template).toBe(false);
    }
  });
});

describe("bulkActionFit", () => {
  it("resends the confirmation as the mail rule says", () => {
    expect(bulkActionFit("resend_confirmation", invoice("confirmed"))).toEqual({ fits: true });
    expect(bulkActionFit("resend_confirmation", card("cancelled"))).toEqual({ fits: false, reason: "booking_cancelled" });
    expect(bulkActionFit("resend_confirmation", sma("rejected", "rejected"))).toEqual({ fits: false, reason: "booking_rejected" });
  });

  it.each(bookingStatuses.filter((status) => status !== "draft"))("cancels a %s booking only where staff may cancel", (status) => {
    const expected = ["submitted", "awaiting_payment", "in_review", "confirmed", "paid", "expired"].includes(status)
      ? { fits: true }
      : { fits: false, reason: status === "cancelled" ? "already_cancelled" : "not_cancellable" };
    expect(bulkActionFit("cancel", card(status))).toEqual(expected);
  });
});
