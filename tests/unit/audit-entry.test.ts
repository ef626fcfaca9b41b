import { describe, expect, it } from "vitest";
import { describeAuditEntry, type AuditDescription } from "../../core/domain/audit-entry";
import type { Locale } from "../../core/i18n/locales";

/**
 * The audit trail in the reader's language (issue 28): each kind of row, with the details its writer
 * stores (see the writer named beside each row), read in English and German; amounts and dates
 * formatted, never "20000 cents". Rows without the details fall back to their cause.
 */

const staff = { staffId: "5d0c1c9e-8a1b-4c55-9a3e-2b9f0f9b1a01", staffEmail: "anna@desk.test" };
// Intl writes a narrow no-break space in some formats; the tests compare what a reader sees.
const plain = (value: string | null) => value?.replace(/[\u00a0\u202f]/g, " ") ?? null;
const read = (cause: string, details: Record<string, unknown> | null, locale: Locale): AuditDescription => {
  const described = describeAuditEntry({ cause, details }, locale);
  return { what: described.what, text: plain(described.text), note: plain(described.note) };
};

type Row = [kind: string, cause: string, details: Record<string, unknown> | null, en: AuditDescription, de: AuditDescription];

const rows: Row[] = [
  [
    "a refund (server/staff/bookings/refund-booking.ts)",
    "refund of 20000 cents by staff anna@desk.test",
    { ...staff, amountCents: 20000, refundReference: "re_1", idempotencyKey: "k-1", event: "refunded" },
    { what: "Refunded", text: "Refund of €200.00 by anna@desk.test", note: null },
    { what: "Erstattet", text: "Erstattung von 200,00 € durch anna@desk.test", note: null },
  ],
  [
    "a partial refund with a reason",
    "refund of 5050 cents by staff anna@desk.test",
    { ...staff, amountCents: 5050, reason: "Goodwill", event: "refunded_in_part" },
    { what: "Refunded in part", text: "Refund of €50.50 by anna@desk.test", note: "Goodwill" },
    { what: "Teilweise erstattet", text: "Erstattung von 50,50 € durch anna@desk.test", note: "Goodwill" },
  ],
  [
    "a bank transfer on the booking (server/staff/bookings/record-transfer.ts)",
    "bank transfer of 12000 cents received on 2026-01-15, recorded by staff anna@desk.test",
    { ...staff, amountCents: 12000, receivedOn: "2026-01-15", reference: "RF 42", paidCents: 12000, overpaidCents: 0, event: "paid_in_part" },
    { what: "Paid in part", text: "Bank transfer of €120.00 received on 15 January 2026, recorded by anna@desk.test; €120.00 paid so far", note: "RF 42" },
    {
      what: "Teilweise bezahlt",
      text: "Überweisung von 120,00 € am 15. Januar 2026 eingegangen, erfasst von anna@desk.test; bisher 120,00 € bezahlt",
      note: "RF 42",
    },
  ],
  [
    "a transfer beyond the total",
    "bank transfer of 1000 cents received on 2026-01-16, recorded by staff anna@desk.test",
    { ...staff, amountCents: 1000, receivedOn: "2026-01-16", paidCents: 21000, overpaidCents: 1000, event: "paid_beyond_total" },
    {
      what: "Paid beyond the total",
      text: "Bank transfer of €10.00 received on 16 January 2026, recorded by anna@desk.test; €10.00 more than the total",
      note: null,
    },
    {
      what: "Mehr als der Gesamtbetrag bezahlt",
      text: "Überweisung von 10,00 € am 16. Januar 2026 eingegangen, erfasst von anna@desk.test; 10,00 € mehr als der Gesamtbetrag",
      note: null,
    },
  ],
  [
    "a card payment (server/payments/create-payment.ts)",
    "deposit paid by card (webhook)",
    { paidCents: 5400, event: "paid_in_full" },
    { what: "Paid in full", text: "€54.00 paid so far", note: null },
    { what: "Vollständig bezahlt", text: "bisher 54,00 € bezahlt", note: null },
  ],
  [
    "a payment created",
    "payment created (deposit) with sandbox",
    { amountCents: 5400, event: "created" },
    { what: "Payment created", text: "Payment of €54.00 started", note: null },
    { what: "Zahlung angelegt", text: "Zahlung über 54,00 € begonnen", note: null },
  ],
  [
    "a payment succeeded",
    "payment received (deposit)",
    { source: "webhook", amountCents: 5400, event: "succeeded" },
    { what: "Payment succeeded", text: "Payment of €54.00 received", note: null },
    { what: "Zahlung erfolgreich", text: "Zahlung über 54,00 € eingegangen", note: null },
  ],
  [
    "a payment kept for refund",
    "payment received but cannot be kept: the booking is cancelled",
    { source: "webhook", amountCents: 5400, event: "kept_for_refund" },
    {
      what: "Kept for a refund",
      text: "Payment of €54.00 received but not kept: to refund",
      note: "payment received but cannot be kept: the booking is cancelled",
    },
    {
      what: "Zur Erstattung einbehalten",
      text: "Zahlung über 54,00 € eingegangen, aber nicht behalten: zu erstatten",
      note: "payment received but cannot be kept: the booking is cancelled",
    },
  ],
  [
    "a cancellation by staff (server/staff/bookings/cancel-booking.ts)",
    "cancelled by staff anna@desk.test",
    { ...staff, placesReleased: 2, resourcesReleased: 0, refund: { amount_cents: 20000 }, notify: true, reason: "Track closed", event: "cancelled_by_staff" },
    { what: "Cancelled by staff", text: "Cancelled by anna@desk.test; 2 places released; €200.00 refunded; customer told by e-mail", note: "Track closed" },
    {
      what: "Vom Team storniert",
      text: "Storniert von anna@desk.test; 2 Plätze freigegeben; 200,00 € erstattet; Kunde per E-Mail informiert",
      note: "Track closed",
    },
  ],
  [
    "a submission (server/bookings/submit-booking.ts)",
    "submitted; places held until the card payment",
    { places: 1, resources: [], event: "submitted_for_card_payment" },
    { what: "Submitted, to pay by card", text: "1 place held", note: null },
    { what: "Abgeschickt, Zahlung per Karte", text: "1 Platz gehalten", note: null },
  ],
  [
    "a hold that ran out (server/bookings/expire-hold.ts)",
    "hold ran out",
    { placesReleased: 3, resourcesReleased: 1, event: "hold_expired" },
    { what: "Hold ran out", text: "3 places released", note: null },
    { what: "Reservierung abgelaufen", text: "3 Plätze freigegeben", note: null },
  ],
  [
    "an SMA rejection (server/bookings/sma-review.ts)",
    "SMA request rejected by staff anna@desk.test",
    { staffId: staff.staffId, note: "No licence", placesReleased: 2, resourcesReleased: 0, event: "sma_rejected" },
    { what: "Call-back request rejected", text: "2 places released", note: "No licence" },
    { what: "Rückrufanfrage abgelehnt", text: "2 Plätze freigegeben", note: "No licence" },
  ],
  [
    "a balance reminder (server/payments/balance-due.ts)",
    "balance due e-mail sent",
    { n: 2, reminder: true, amountCents: 16200, event: "balance_reminder_sent" },
    { what: "Balance reminder sent", text: "Balance e-mail no. 2: €162.00 due", note: null },
    { what: "Zahlungserinnerung gesendet", text: "Zahlungsaufforderung Nr. 2: 162,00 € fällig", note: null },
  ],
  [
    "an invoice (server/invoices/issue-invoice.ts)",
    "invoice INV-2026-000042 issued",
    { invoiceId: "x", totalCents: 21600, event: "invoice_issued" },
    { what: "Invoice issued", text: "Invoice INV-2026-000042 over €216.00", note: null },
    { what: "Rechnung ausgestellt", text: "Rechnung INV-2026-000042 über 216,00 €", note: null },
  ],
  [
    "a cancellation invoice (server/invoices/issue-invoice.ts)",
    "cancellation invoice INV-2026-000043 issued, cancelling INV-2026-000042",
    { invoiceId: "y", number: "INV-2026-000043", kind: "cancellation", cancels: "INV-2026-000042", totalCents: 21600, event: "invoice_issued" },
    { what: "Invoice issued", text: "Cancellation invoice INV-2026-000043 of €216.00, cancelling invoice INV-2026-000042", note: null },
    { what: "Rechnung ausgestellt", text: "Stornorechnung INV-2026-000043 über 216,00 €, storniert Rechnung INV-2026-000042", note: null },
  ],
  [
    "a mail sent again (server/staff/bookings/resend-email.ts)",
    "e-mail booking-received sent again to a@b.test by staff anna@desk.test",
    { action: "email_resent", ...staff, outboxId: "o", template: "booking-received" },
    { what: "E-mail sent again", text: "“Booking received” sent again", note: null },
    { what: "E-Mail erneut gesendet", text: "„Buchung eingegangen“ erneut gesendet", note: null },
  ],
  [
    "a message (server/staff/bookings/send-message.ts)",
    'message "Tee time" sent to a@b.test by staff anna@desk.test',
    { action: "message_sent", ...staff, outboxId: "o", subject: "Tee time" },
    { what: "Message sent", text: null, note: "Tee time" },
    { what: "Nachricht gesendet", text: null, note: "Tee time" },
  ],
  [
    "a call-back attempt (server/staff/bookings/record-call-attempt.ts)",
    "call-back attempt (no_answer) by staff anna@desk.test",
    { action: "call_back_attempt_recorded", attemptId: "a", outcome: "no_answer", ...staff, note: "Try at 5" },
    { what: "Call-back attempt", text: "No answer", note: "Try at 5" },
    { what: "Rückrufversuch", text: "Nicht abgenommen", note: "Try at 5" },
  ],
  [
    "answers edited by staff (server/staff/bookings/booking-edit-support.ts)",
    "anna@desk.test: Forename: Anna → Anne",
    { action: "details_edited_by_staff", ...staff, changes: [{ label: "Forename", from: "Anna", to: "Anne" }] },
    { what: "Details changed by staff", text: "Forename: Anna → Anne", note: null },
    { what: "Angaben vom Team geändert", text: "Forename: Anna → Anne", note: null },
  ],
  [
    "later details on the manage page (server/bookings/manage-later-details.ts)",
    "later details completed on the manage page",
    { action: "later_details_saved", items: ["a", "b"] },
    { what: "Details completed on the manage page", text: "2 answers completed by the customer", note: null },
    { what: "Angaben auf der Buchungsseite ergänzt", text: "2 Antworten vom Kunden ergänzt", note: null },
  ],
  [
    "a companion taken off by the customer (server/bookings/remove-companion-by-customer.ts)",
    "companion removed by the customer on the manage page",
    {
      action: "companion_removed_by_customer",
      by: "customer",
      changes: [
        { label: "Companion removed", from: "Erika Musterfrau (Golf-playing companion)", to: "—" },
        { label: "Total price", from: "€447.00", to: "€327.80" },
      ],
      feeCents: 2980,
      cardRefundCents: 11920,
      queuedRefundCents: 0,
      totalCents: { from: 44700, to: 32780 },
    },
    {
      what: "Companion removed by the customer",
      text: "Erika Musterfrau (Golf-playing companion) taken off by the customer on the booking's page; cancellation fee €29.80; total €447.00 → €327.80; €119.20 refunded by card",
      note: null,
    },
    {
      what: "Begleitperson vom Kunden entfernt",
      text: "Erika Musterfrau (Golf-playing companion) vom Kunden auf der Buchungsseite entfernt; Stornogebühr 29,80 €; Gesamtpreis 447,00 € → 327,80 €; 119,20 € per Karte erstattet",
      note: null,
    },
  ],
  [
    "a new manage link (server/bookings/manage-renewal.ts)",
    "new manage link sent; earlier links revoked",
    { action: "manage_link_renewed", generation: 3 },
    { what: "New manage link sent", text: "Link no. 3; earlier links revoked", note: null },
    { what: "Neuer Link zur Buchung gesendet", text: "Link Nr. 3; frühere Links gesperrt", note: null },
  ],
  [
    "an older refund row without its amount: the cause as written",
    "refund of 20000 cents by staff anna@desk.test",
    { event: "refunded" },
    { what: "Refunded", text: "refund of 20000 cents by staff anna@desk.test", note: null },
    { what: "Erstattet", text: "refund of 20000 cents by staff anna@desk.test", note: null },
  ],
  [
    "a row of a kind this reader does not know",
    "something happened",
    { action: "something_new" },
    { what: "something happened", text: null, note: null },
    { what: "something happened", text: null, note: null },
  ],
];

describe("describeAuditEntry", () => {
  it.each(rows)("%s", (_kind, cause, details, en, de) => {
    expect(read(cause, details, "en")).toEqual(en);
    expect(read(cause, details, "de")).toEqual(de);
  });

  it("never shows an amount in cents where the details have it", () => {
    for (const [, cause, details] of rows.filter(([, , details]) => details && "amountCents" in details)) {
      for (const locale of ["en", "de"] as const) expect(read(cause, details, locale).text).not.toMatch(/cents/);
    }
  });
});
