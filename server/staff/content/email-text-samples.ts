import type { EditableEmailTemplateName } from "../../../core/domain/editable-email-texts";
import type { EmailMessage } from "../../deps/email-messages";

const person = { name: "Alex Sample", code: "SAMPLE-0001", eventTitle: "Track day Hockenheim" };
const manageUrl = "https://example.invalid/my-booking/sample";
const payUrl = "https://example.invalid/pay/sample";

/**
 * Made-up data for the preview of an e-mail text when no booking is chosen (decision 037). Never
 * sent: the URLs point to `example.invalid`.
 */
export const sampleEmailMessages: Record<EditableEmailTemplateName, EmailMessage> = {
  "booking-received": {
    template: "booking-received",
    payload: {
      ...person,
      startsOn: "2027-05-14",
      endsOn: "2027-05-15",
      location: "Hockenheimring",
      people: [{ name: person.name, role: "main" }],
      lines: [{ label: "Main participant", amountCents: 89_000 }],
      totalCents: 89_000,
      depositCents: 89_000,
      remainderCents: 0,
      remainderDueOn: null,
      paymentOption: "invoice",
      holdExpiresAt: "2027-05-01T12:00:00.000Z",
      manageUrl,
      payUrl: null,
    },
  },
  "payment-received": {
    template: "payment-received",
    payload: { ...person, startsOn: "2027-05-14", amountCents: 89_000, paidCents: 89_000, totalCents: 89_000, remainderDueOn: null, manageUrl },
  },
  invoice: {
    template: "invoice",
    payload: {
      ...person,
      invoiceNumber: "2027-0001",
      totalCents: 89_000,
      depositCents: 89_000,
      remainderCents: 0,
      remainderDueOn: null,
      bookingsUrl: manageUrl,
      invoice: { invoiceNumber: "2027-0001", issuedOn: "2027-05-01", bookingCode: person.code, totalCents: 89_000, lines: [{}] },
    },
  },
  "balance-due": {
    template: "balance-due",
    payload: { ...person, startsOn: "2027-05-14", amountCents: 45_000, dueOn: "2027-04-14", reminder: false, payUrl, manageUrl },
  },
  "booking-cancelled": { template: "booking-cancelled", payload: { ...person, reason: null, refundCents: 0, manageUrl } },
  "refund-issued": { template: "refund-issued", payload: { ...person, amountCents: 45_000, reason: null, manageUrl } },
  "transfer-received": {
    template: "transfer-received",
    payload: { ...person, amountCents: 89_000, receivedOn: "2027-05-02", paidCents: 89_000, totalCents: 89_000, manageUrl },
  },
  "sma-verified": { template: "sma-verified", payload: { ...person, amountCents: 89_000, payUrl, manageUrl } },
  "sma-rejected": { template: "sma-rejected", payload: { ...person, eventsUrl: "https://example.invalid/events", manageUrl } },
};
