import { translatorFor } from "../i18n/i18n";
import type { Locale } from "../i18n/locales";
import { describeChanges, type DetailChange } from "./booking-edits";
import { bookingEventNames, paymentEventNames, type BookingEvent, type PaymentEvent } from "./booking-state-machine";
import { formatDate } from "./dates";
import { formatMoney } from "./money";

/**
 * One row of a booking's audit trail (`booking_events`) in the reader's language (issue 28): what
 * happened, from the row's structured kind (`details.event` of the state machine, or `details.action`
 * of a staff or customer action), and a sentence built from its structured details with amounts and
 * dates formatted for the reader (`Refund of €200.00 by anna@…`, `Erstattung von 200,00 € durch …`).
 * The row's `cause` (English free text, written for people) is the fallback: for older rows and for
 * kinds whose details do not carry what the sentence needs.
 */

export type AuditRow = { cause: string; details: Record<string, unknown> | null };
export type AuditDescription = {
  /** The kind, named: "Refunded", "E-mail sent again". */
  what: string;
  /** The sentence from the details, or the row's cause when there is none; null when the kind says it all. */
  text: string | null;
  /** Free text a person wrote (a reason, a call note, a message's subject), shown as written. */
  note: string | null;
};

/** The `details.action` of rows that change no status, written by the verbs named beside each. */
export const auditActions = [
  "email_resent", // server/staff/bookings/resend-email.ts
  "message_sent", // server/staff/bookings/send-message.ts
  "call_back_attempt_recorded", // server/staff/bookings/record-call-attempt.ts
  "details_edited_by_staff", // server/staff/bookings/edit-booking-answers.ts
  "companion_added_by_staff", // server/staff/bookings/add-companion.ts
  "companion_removed_by_staff", // server/staff/bookings/remove-companion.ts
  "companion_removed_by_customer", // server/bookings/remove-companion-by-customer.ts
  "later_details_saved", // server/bookings/manage-later-details.ts
  "later_upload_stored", // server/uploads/store-upload.ts
  "manage_link_renewed", // server/bookings/manage-renewal.ts
  "waiver_signed", // server/waivers/sign-waiver.ts
  "paper_waiver_recorded", // server/waivers/record-paper-waiver.ts
] as const;
export type AuditAction = (typeof auditActions)[number];

const callOutcomes = ["reached", "no_answer", "voicemail", "wrong_number", "call_back_later"] as const;
const editableTemplates = [
  "booking-received",
  "payment-received",
  "invoice",
  "balance-due",
  "booking-cancelled",
  "refund-issued",
  "transfer-received",
  "sma-verified",
  "sma-rejected",
] as const;

const oneOf =
  <T extends string>(list: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === "string" && (list as readonly string[]).includes(value);
const isBookingEvent = oneOf<BookingEvent>(bookingEventNames);
const isPaymentEvent = oneOf<PaymentEvent>(paymentEventNames);
const isAction = oneOf<AuditAction>(auditActions);
const isCallOutcome = oneOf(callOutcomes);
const isEditableTemplate = oneOf(editableTemplates);

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value : null);
const cents = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);
const count = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : null);
const isoDate = (value: unknown): string | null => (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);
const isChange = (value: unknown): value is DetailChange =>
  typeof value === "object" && value !== null && ["label", "from", "to"].every((key) => typeof (value as Record<string, unknown>)[key] === "string");

/** The row in the reader's language; see the module's comment. */
export function describeAuditEntry(row: AuditRow, locale: Locale): AuditDescription {
  const t = translatorFor(locale);
  const details = row.details ?? {};
  const money = (value: unknown) => {
    const amount = cents(value);
    return amount === null ? null : formatMoney(amount, locale);
  };
  const date = (value: unknown) => {
    const day = isoDate(value);
    return day === null ? null : formatDate(day, locale);
  };
  const staff = text(details.staffEmail);
  const cause = text(row.cause);
  const amount = money(details.amountCents);
  const reason = text(details.reason);
  /** A bank transfer staff recorded (server/staff/bookings/record-transfer.ts): the same details on its payment and booking rows. */
  const transfer = () => {
    const receivedOn = date(details.receivedOn);
    if (amount === null || receivedOn === null) return null;
    return t("admin.booking.auditText.transfer", { amount, date: receivedOn, staff: staff ?? t("admin.booking.system") });
  };
  const places = (value: unknown, key: "placesHeld" | "placesReleased") => {
    const n = count(value);
    return n === null ? null : t(`admin.booking.auditText.${key}`, { count: n });
  };

  const event = details.event;
  if (isBookingEvent(event)) {
    const what = t(`admin.booking.events.${event}`);
    const described = (sentence: string | null, note: string | null = null): AuditDescription => ({ what, text: sentence ?? cause, note });
    switch (event) {
      case "submitted_for_card_payment":
      case "submitted_confirmed":
      case "submitted_for_review":
        return described(places(details.places, "placesHeld"));
      case "card_payment_started":
        return { what, text: null, note: null };
      case "hold_expired":
        return described(places(details.placesReleased, "placesReleased"));
      case "sma_verified":
        return { what, text: null, note: text(details.note) };
      case "sma_rejected":
        return described(places(details.placesReleased, "placesReleased"), text(details.note));
      case "paid_in_part":
      case "paid_in_full": {
        const paid = money(details.paidCents);
        const paidSoFar = paid === null ? null : t("admin.booking.auditText.paidSoFar", { paid });
        const sentence = [transfer(), paidSoFar].filter((part): part is string => part !== null).join("; ");
        return described(sentence || null, text(details.reference));
      }
      case "paid_beyond_total": {
        const over = money(details.overpaidCents);
        const sentence = [transfer(), over === null ? null : t("admin.booking.auditText.overpaid", { amount: over })]
          .filter((part): part is string => part !== null)
          .join("; ");
        return described(sentence || null, text(details.reference));
      }
      case "balance_reminder_sent": {
        const n = count(details.n);
        return described(amount === null || n === null ? null : t("admin.booking.auditText.balanceReminder", { n, amount }));
      }
      case "invoice_issued": {
        const total = money(details.totalCents);
        // The number is in the cause only (server/invoices/issue-invoice.ts writes `invoice INV-… issued`).
        const number = text(details.number) ?? /\bINV-[\w-]+/.exec(row.cause)?.[0] ?? null;
        if (total === null) return described(null);
        const cancels = text(details.cancels);
        if (details.kind === "cancellation" && number && cancels) {
          return described(t("admin.booking.auditText.cancellationInvoice", { number, cancels, amount: total }));
        }
        return described(
          number ? t("admin.booking.auditText.invoice", { number, amount: total }) : t("admin.booking.auditText.invoiceTotal", { amount: total }),
        );
      }
      case "cancelled_by_staff":
        return described(cancellation(details, locale), reason);
      case "cancelled_by_customer":
        return described(customerCancellation(details, locale));
      case "cancellation_reversed": {
        const taken = count(details.placesTaken);
        return described(taken === null ? null : t("admin.booking.auditText.cancellationReversed", { count: taken }));
      }
    }
  }

  if (isPaymentEvent(event)) {
    const what = t(`admin.booking.events.${event}`);
    const described = (sentence: string | null, note: string | null = null): AuditDescription => ({ what, text: sentence ?? cause, note });
    switch (event) {
      case "created":
      case "succeeded":
        return described(
          transfer() ?? (amount === null ? null : t(`admin.booking.auditText.${event === "created" ? "paymentCreated" : "paymentReceived"}`, { amount })),
        );
      case "refund_requested":
      case "refunded":
      case "refunded_in_part":
        return described(amount === null ? null : t("admin.booking.auditText.refund", { amount, staff: staff ?? t("admin.booking.system") }), reason);
      case "kept_for_refund":
        // The reason is in the cause only (server/payments/apply-provider-outcome.ts): English, kept as written.
        return { what, text: amount === null ? null : t("admin.booking.auditText.keptForRefund", { amount }), note: cause };
      case "checkout_not_created":
        return { what, text: null, note: text(details.error) };
      case "refused_by_provider":
        // The provider's reason is in the cause and the payment's failure reason only.
        return { what, text: null, note: cause };
      case "replaced":
      case "checkout_expired":
        return { what, text: null, note: null };
    }
  }

  const action = details.action;
  if (isAction(action)) {
    const what = t(`admin.booking.auditActions.${action}`);
    switch (action) {
      case "email_resent": {
        const template = details.template;
        const name = isEditableTemplate(template) ? t(`admin.emailTexts.templates.${template}.name`) : text(template);
        return { what, text: name ? t("admin.booking.auditText.emailResent", { name }) : cause, note: null };
      }
      case "message_sent":
        return { what, text: null, note: text(details.subject) };
      case "call_back_attempt_recorded": {
        const outcome = details.outcome;
        return { what, text: isCallOutcome(outcome) ? t(`admin.callBacks.outcomes.${outcome}`) : cause, note: text(details.note) };
      }
      case "details_edited_by_staff":
      case "companion_added_by_staff":
      case "companion_removed_by_staff": {
        // The labels and values are the booking's own (its form's language), listed as they changed.
        const changes = Array.isArray(details.changes) ? details.changes.filter(isChange) : [];
        return { what, text: changes.length ? describeChanges(changes) : cause, note: null };
      }
      case "companion_removed_by_customer": {
        // "Erika Musterfrau taken off by the customer…; cancellation fee €200.00; total €3,000.00 → €2,200.00".
        const changes = Array.isArray(details.changes) ? details.changes.filter(isChange) : [];
        const total = typeof details.totalCents === "object" && details.totalCents !== null ? (details.totalCents as Record<string, unknown>) : {};
        const [fee, from, to] = [money(details.feeCents), money(total.from), money(total.to)];
        const name = changes[0]?.from;
        if (!name || fee === null || from === null || to === null) return { what, text: cause, note: null };
        const parts = [t("admin.booking.auditText.companionRemovedByCustomer", { name, fee, from, to })];
        const card = cents(details.cardRefundCents);
        if (card) parts.push(t("admin.booking.auditText.cardRefunded", { amount: formatMoney(card, locale) }));
        const queued = cents(details.queuedRefundCents);
        if (queued) parts.push(t("admin.booking.auditText.refundQueued", { amount: formatMoney(queued, locale) }));
        return { what, text: parts.join("; "), note: null };
      }
      case "later_details_saved":
      case "later_upload_stored": {
        const items = Array.isArray(details.items) ? details.items.length : null;
        return { what, text: items === null ? cause : t("admin.booking.auditText.answers", { count: items }), note: null };
      }
      case "waiver_signed":
      case "paper_waiver_recorded":
        return { what, text: text(details.person) ?? cause, note: null };
      case "manage_link_renewed": {
        const generation = count(details.generation);
        return { what, text: generation === null ? cause : t("admin.booking.auditText.manageLink", { n: generation }), note: null };
      }
    }
  }

  // A kind this reader does not know (an older row, a new writer): its cause as written.
  return { what: cause ?? t("admin.booking.auditActions.unknown"), text: null, note: null };
}

/** "Cancelled by the customer; fee €200.00; 2 places released; €300.00 refunded by card; €100.00 to pay back by transfer". */
function customerCancellation(details: Record<string, unknown>, locale: Locale): string {
  const t = translatorFor(locale);
  const parts = [t("admin.booking.auditText.cancelledByCustomer", { fee: formatMoney(cents(details.feeCents) ?? 0, locale) })];
  const released = count(details.placesReleased);
  if (released !== null) parts.push(t("admin.booking.auditText.placesReleased", { count: released }));
  const card = cents(details.cardRefundCents);
  if (card) parts.push(t("admin.booking.auditText.cardRefunded", { amount: formatMoney(card, locale) }));
  const queued = cents(details.queuedRefundCents);
  if (queued) parts.push(t("admin.booking.auditText.refundQueued", { amount: formatMoney(queued, locale) }));
  return parts.join("; ");
}

/** "Cancelled by anna@…; 2 places released; €200.00 refunded; customer told by e-mail". */
function cancellation(details: Record<string, unknown>, locale: Locale): string {
  const t = translatorFor(locale);
  const staff = text(details.staffEmail) ?? t("admin.booking.system");
  const parts = [t("admin.booking.auditText.cancelled", { staff })];
  const released = count(details.placesReleased);
  if (released !== null) parts.push(t("admin.booking.auditText.placesReleased", { count: released }));
  const refund = details.refund;
  if (refund === "none" || refund === "full") parts.push(t(`admin.booking.auditText.cancelRefund.${refund}`));
  else if (typeof refund === "object" && refund !== null && cents((refund as Record<string, unknown>).amount_cents) !== null) {
    parts.push(t("admin.booking.auditText.cancelRefund.amount", { amount: formatMoney(cents((refund as Record<string, unknown>).amount_cents) ?? 0, locale) }));
  }
  if (typeof details.notify === "boolean") parts.push(t(`admin.booking.auditText.${details.notify ? "customerTold" : "customerNotTold"}`));
  return parts.join("; ");
}
