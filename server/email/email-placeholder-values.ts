import { formatDate, formatDateRange, formatDeadline } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import type { Locale } from "../../core/i18n/locales";
import type { EmailMessage } from "../deps/email-messages";

export type PlaceholderValues = Record<string, string | null>;

/** The first word of the greeting name: `{customer.first_name}`. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? "";
}

/**
 * The values of an editable template's placeholders (core/domain/editable-email-texts.ts), from the
 * mail's payload, formatted in the recipient's language. Null: the mail has no such value (it renders
 * empty). A template staff cannot edit has none.
 */
export function placeholderValuesOf(message: EmailMessage, locale: Locale): PlaceholderValues {
  const money = (cents: number) => formatMoney(cents, locale);
  const date = (isoDate: string) => formatDate(isoDate, locale);
  const base = (p: { name: string; code: string; eventTitle: string }): PlaceholderValues => ({
    "booking.code": p.code,
    "event.title": p.eventTitle,
    "customer.name": p.name,
    "customer.first_name": firstName(p.name),
  });
  switch (message.template) {
    case "booking-received": {
      const p = message.payload;
      return {
        ...base(p),
        "event.dates": formatDateRange(p.startsOn, p.endsOn, locale),
        "event.location": p.location,
        "booking.total": money(p.totalCents),
        "booking.deposit": money(p.depositCents),
        "booking.pay_deadline": p.paymentOption === "credit_card" ? formatDeadline(p.holdExpiresAt, locale) : null,
      };
    }
    case "payment-received": {
      const p = message.payload;
      return {
        ...base(p),
        "event.starts_on": date(p.startsOn),
        "payment.amount": money(p.amountCents),
        "booking.paid": money(p.paidCents),
        "booking.total": money(p.totalCents),
      };
    }
    case "invoice": {
      const p = message.payload;
      return { ...base(p), "invoice.number": p.invoiceNumber, "booking.total": money(p.totalCents), "booking.deposit": money(p.depositCents) };
    }
    case "balance-due": {
      const p = message.payload;
      return { ...base(p), "event.starts_on": date(p.startsOn), "payment.amount": money(p.amountCents), "payment.due_on": date(p.dueOn) };
    }
    case "booking-cancelled": {
      const p = message.payload;
      return { ...base(p), "cancellation.reason": p.reason, "refund.amount": p.refundCents > 0 ? money(p.refundCents) : null };
    }
    case "refund-issued": {
      const p = message.payload;
      return { ...base(p), "refund.amount": money(p.amountCents), "refund.reason": p.reason };
    }
    case "transfer-received": {
      const p = message.payload;
      return {
        ...base(p),
        "payment.amount": money(p.amountCents),
        "payment.received_on": date(p.receivedOn),
        "booking.paid": money(p.paidCents),
        "booking.total": money(p.totalCents),
      };
    }
    case "sma-verified":
      return { ...base(message.payload), "payment.amount": money(message.payload.amountCents) };
    case "sma-rejected":
      return base(message.payload);
    default:
      return {};
  }
}
