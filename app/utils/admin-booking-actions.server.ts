import { randomUUID } from "node:crypto";
import { data } from "react-router";
import { z } from "zod";
import type { StaffBookingDetail } from "../../core/contracts/staff-bookings";
import { recordedPaymentMethods, refundBookingBodySchema, resendEmailBodySchema } from "../../core/contracts/staff-actions";
import { bookingEditable } from "../../core/domain/booking-edits";
import { bookingEventAllowed } from "../../core/domain/booking-state-machine";
import { cancellationReversalWindowMs, cancellationReversible } from "../../core/domain/cancellation-reversal";
import { formatDateTime, operatorToday } from "../../core/domain/dates";
import { centsOfEuros } from "../../core/domain/euro-amount";
import { formatMoney } from "../../core/domain/money";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import type { WebContext } from "../../server/load-context";

/**
 * Which of the booking's actions the bar offers, and what their forms start with. Decided here from
 * the detail the page already read, the way the verbs decide (they refuse anyway: a stale page gets
 * the verb's 409 as the message, nothing changes). Amounts are formatted here, in the page's language.
 */
export function bookingActionsView(booking: StaffBookingDetail, now: Date, locale: Locale) {
  const money = (cents: number) => formatMoney(cents, locale);
  const { account } = booking.money;
  const paysByTransfer = booking.money.payment_option === "invoice" || (booking.money.payment_option === "sma" && booking.sma.status === "verified");
  const main = booking.people.find((person) => person.role === "main");
  const kindOf = (uuid: string) => booking.payments.find((payment) => payment.uuid === uuid)?.kind ?? "full";
  return {
    reverseCancellation: reversalOf(booking, now, locale),
    /** Answers and companions change only while the booking stands (not once cancelled, expired or rejected; issue 32). */
    edit: bookingEditable(booking.status),
    cancel: bookingEventAllowed(booking.status, "cancelled_by_staff"),
    refund: account.refundable_cents > 0,
    /** Each payment that brought money in (from the booking account): what was paid, what went back already, what is left, and how it goes back. */
    refundablePayments: account.refundable.map((part) => ({
      uuid: part.payment_uuid,
      kind: kindOf(part.payment_uuid),
      method: part.method,
      channel: part.channel,
      paid: money(part.paid_cents),
      refunded: money(part.refunded_cents),
      refundable: money(part.refundable_cents),
    })),
    /** Some money goes back by the operator's own transfer: the dialogs ask when it went out. */
    recordsRefunds: account.refundable.some((part) => part.channel === "recorded" && part.refundable_cents > 0),
    refundableTotal: money(account.refundable_cents),
    recordPayment: bookingEventAllowed(booking.status, "paid_in_part") || booking.status === "paid",
    /** A transfer can be recorded on bookings paid by invoice; cash and other ways on any standing booking. */
    recordMethods: paysByTransfer ? (["bank_transfer", "cash", "other"] as const) : (["cash", "other"] as const),
    message: Boolean(main?.email),
    customerEmail: main?.email ?? null,
    /**
     * One key per rendered refund (and cancel) form: a double submit (or a retry after a lost answer)
     * sends the same key, and the verb answers the first refund or cancellation instead of making a
     * second. A success reloads the page, which renders a new key for the next one.
     */
    refundKey: randomUUID(),
    cancelKey: randomUUID(),
    today: operatorToday(now),
  };
}
export type BookingActionsView = ReturnType<typeof bookingActionsView>;

/**
 * A customer's cancellation staff may still reverse (issue 30, decision 075), read from the trail the
 * page shows: when it was and until when it can be undone; null when the rule says no (the verb checks
 * again, and whether the places are still free).
 */
function reversalOf(booking: StaffBookingDetail, now: Date, locale: Locale): { at: string; until: string } | null {
  const entry = booking.audit.findLast((row) => row.subject === "booking" && row.to === "cancelled" && row.from !== "cancelled");
  if (!entry) return null;
  const at = new Date(entry.at);
  const event = entry.details?.event;
  const verdict = cancellationReversible(booking.status, { event: typeof event === "string" ? event : null, fromStatus: entry.from, at }, now);
  if (!verdict.allowed) return null;
  return { at: formatDateTime(entry.at, locale), until: formatDateTime(new Date(at.getTime() + cancellationReversalWindowMs), locale) };
}

export const bookingActionIntents = ["cancel", "cancel-preview", "reverse-cancellation", "refund", "record-payment", "message", "resend"] as const;
export type BookingActionIntent = (typeof bookingActionIntents)[number];

type FieldErrors = Record<string, string[]>;
export type BookingActionAnswer = {
  intent: BookingActionIntent | null;
  message: string;
  failed: boolean;
  /** Errors next to the dialog's fields: the dialog opens again with them and with what was typed (`values`). */
  fieldErrors?: FieldErrors;
  values?: Record<string, string>;
  /** New for every refused form, so the dialog opens again even when the same mistake is made twice. */
  answerId?: string;
  /** The cancel dialog's preview step: the mail the cancellation would send, before staff confirm it (issue 28). */
  preview?: CancelPreviewView;
};

/** The cancellation's preview as the cancel dialog shows it: the mail (null: none is sent) and the money, formatted. */
export type CancelPreviewView = {
  mail: { to: string; subject: string; text: string; html: string } | null;
  refund: string;
  fee: string;
  /** The refund's own confirmation goes out too. */
  refundMailToo: boolean;
  invoiceMailToo: boolean;
};

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
};
const optional = (value: string) => (value === "" ? undefined : value);
/** The form's idempotency key as the contracts accept it (refundBookingBodySchema), or null. */
const idempotencyKeyOf = (form: FormData) => {
  const parsed = refundBookingBodySchema.shape.idempotency_key.safeParse(text(form, "idempotency_key"));
  return parsed.success ? parsed.data : null;
};

/**
 * The booking actions' form posts (issue 13): one intent per dialog, read from the form, checked
 * here for what the form can get wrong (amounts, dates, required texts: answered next to the field),
 * then handed to `services.staffActions` with the staff member named for the audit trail, as the
 * API does. A refusal of the verb (409, 502) is its localized message; nothing changed then.
 */
export async function bookingAction(
  web: WebContext,
  desk: { actor: Actor; user: { email: string } },
  input: { bookingId: string; locale: Locale; form: FormData },
): Promise<BookingActionAnswer | ReturnType<typeof data<BookingActionAnswer>>> {
  const { form, locale, bookingId } = input;
  const t = translatorFor(locale);
  const intent = z.enum(bookingActionIntents).safeParse(form.get("intent"));
  if (!intent.success) return data({ intent: null, message: t("api.invalidRequest"), failed: true }, 422);
  const staff = { id: desk.actor.user?.userId ?? "", email: desk.user.email };
  const money = (cents: number) => formatMoney(cents, locale);
  const fieldErrors: FieldErrors = {};
  const typed = Object.fromEntries(
    ["amount", "reason", "message", "received_on", "paid_out_on", "reference", "method", "subject", "body", "refund", "refund_amount", "notify"].map((name) => [
      name,
      text(form, name),
    ]),
  );
  const refuse = () =>
    data<BookingActionAnswer>(
      { intent: intent.data, message: t("admin.booking.actions.checkFields"), failed: true, fieldErrors, values: typed, answerId: randomUUID() },
      422,
    );
  /** A hidden field the page renders went missing or was changed: not the staff member's typing. */
  const invalid = () => data<BookingActionAnswer>({ intent: intent.data, message: t("api.invalidRequest"), failed: true }, 422);
  const reason = text(form, "reason");
  if (reason.length > 1000) fieldErrors.reason = [t("admin.booking.actions.errors.tooLong", { count: 1000 })];
  // What the customer reads in their mail; the reason above is the desk's internal note (audit trail only).
  const message = text(form, "message");
  if (message.length > 1000) fieldErrors.message = [t("admin.booking.actions.errors.tooLong", { count: 1000 })];

  try {
    switch (intent.data) {
      case "cancel":
      case "cancel-preview": {
        const choice = z.enum(["none", "full", "amount"]).safeParse(form.get("refund") ?? "none");
        if (!choice.success) fieldErrors.refund = [t("admin.booking.actions.errors.choose")];
        const amountCents = choice.success && choice.data === "amount" ? centsOfEuros(text(form, "refund_amount")) : undefined;
        if (amountCents === null) fieldErrors.refund_amount = [t("admin.booking.actions.errors.amount")];
        const idempotencyKey = idempotencyKeyOf(form);
        if (idempotencyKey === null) return invalid();
        if (Object.keys(fieldErrors).length > 0 || !choice.success || amountCents === null) return refuse();
        const refund = amountCents === undefined ? (choice.data === "amount" ? "none" : choice.data) : { amount_cents: amountCents };
        const notify = form.get("notify") === "on";
        if (intent.data === "cancel-preview") {
          // Reads only: the dialog shows the mail, then posts the same values as "cancel" (or goes back to change them).
          const previewed = await web.services.staffActions.previewCancel(desk.actor, { bookingId, refund, notify, message: optional(message) });
          return {
            intent: intent.data,
            message: "",
            failed: false,
            values: { ...typed, notify: notify ? "on" : "", idempotency_key: idempotencyKey },
            answerId: randomUUID(),
            preview: {
              mail: previewed.mail && { to: previewed.mail.to, subject: previewed.mail.subject, text: previewed.mail.text, html: previewed.mail.html },
              refund: money(previewed.refund_cents),
              fee: money(previewed.cancellation_fee_cents),
              refundMailToo: previewed.mail !== null && previewed.also_sent.includes("refund-issued"),
              invoiceMailToo: previewed.mail !== null && previewed.also_sent.includes("invoice-corrected"),
            },
          };
        }
        const answer = await web.services.staffActions.cancel(desk.actor, {
          bookingId,
          refund,
          notify,
          reason: optional(reason),
          message: optional(message),
          idempotencyKey,
          staff,
        });
        const parts = [t("admin.booking.actions.cancelled")];
        if (answer.refund && answer.refund.refunded_cents > 0) parts.push(t("admin.booking.actions.refunded", { amount: money(answer.refund.refunded_cents) }));
        if (notify) parts.push(t("admin.booking.actions.customerTold"));
        return { intent: intent.data, message: parts.join(" "), failed: false };
      }
      case "refund": {
        const amountText = text(form, "amount");
        const amountCents = amountText === "" ? undefined : centsOfEuros(amountText);
        if (amountCents === null) fieldErrors.amount = [t("admin.booking.actions.errors.amount")];
        const paidOutText = text(form, "paid_out_on");
        const paidOutOn = paidOutText === "" ? undefined : z.iso.date().safeParse(paidOutText);
        if (paidOutOn && !paidOutOn.success) fieldErrors.paid_out_on = [t("admin.booking.actions.errors.date")];
        const reference = text(form, "reference");
        if (reference.length > 200) fieldErrors.reference = [t("admin.booking.actions.errors.tooLong", { count: 200 })];
        const idempotencyKey = idempotencyKeyOf(form);
        if (idempotencyKey === null) return invalid();
        if (Object.keys(fieldErrors).length > 0 || amountCents === null || (paidOutOn && !paidOutOn.success)) return refuse();
        const answer = await web.services.staffActions.refund(desk.actor, {
          bookingId,
          amountCents,
          paidOutOn: paidOutOn?.data,
          reference: optional(reference),
          reason: optional(reason),
          message: optional(message),
          idempotencyKey,
          staff,
        });
        return { intent: intent.data, message: t("admin.booking.actions.refunded", { amount: money(answer.refunded_cents) }), failed: false };
      }
      case "record-payment": {
        const amountCents = centsOfEuros(text(form, "amount"));
        if (amountCents === null) fieldErrors.amount = [t("admin.booking.actions.errors.amount")];
        const receivedOn = z.iso.date().safeParse(text(form, "received_on"));
        if (!receivedOn.success) fieldErrors.received_on = [t("admin.booking.actions.errors.date")];
        const reference = text(form, "reference");
        if (reference.length > 200) fieldErrors.reference = [t("admin.booking.actions.errors.tooLong", { count: 200 })];
        const method = z.enum(recordedPaymentMethods).safeParse(text(form, "method") || "bank_transfer");
        if (!method.success) fieldErrors.method = [t("admin.booking.actions.errors.choose")];
        if (Object.keys(fieldErrors).length > 0 || amountCents === null || !receivedOn.success || !method.success) return refuse();
        const answer = await web.services.staffActions.recordPayment(desk.actor, {
          bookingId,
          amountCents,
          method: method.data,
          receivedOn: receivedOn.data,
          reference: optional(reference),
          staff,
        });
        const recorded = t("admin.booking.actions.transferRecorded", { amount: money(amountCents) });
        const overpaid = answer.overpaid ? ` ${t("admin.booking.actions.overpaid", { amount: money(answer.overpaid_cents) })}` : "";
        return { intent: intent.data, message: recorded + overpaid, failed: false };
      }
      case "message": {
        const subject = text(form, "subject");
        const body = text(form, "body");
        if (subject === "") fieldErrors.subject = [t("admin.booking.actions.errors.required")];
        else if (subject.length > 200) fieldErrors.subject = [t("admin.booking.actions.errors.tooLong", { count: 200 })];
        if (body === "") fieldErrors.body = [t("admin.booking.actions.errors.required")];
        else if (body.length > 5000) fieldErrors.body = [t("admin.booking.actions.errors.tooLong", { count: 5000 })];
        if (Object.keys(fieldErrors).length > 0) return refuse();
        const answer = await web.services.staffActions.sendMessage(desk.actor, { bookingId, subject, body, staff });
        return { intent: intent.data, message: t("admin.booking.actions.messageSent", { to: answer.to }), failed: false };
      }
      case "reverse-cancellation": {
        const answer = await web.services.staffActions.reverseCancellation(desk.actor, { bookingId, staff });
        return { intent: intent.data, message: t("admin.booking.actions.reversed", { amount: money(answer.account.outstanding_cents) }), failed: false };
      }
      case "resend": {
        // A hidden field: wrong only when the post did not come from the page.
        const outboxId = resendEmailBodySchema.shape.outbox_id.safeParse(text(form, "outbox_id"));
        if (!outboxId.success) return invalid();
        const answer = await web.services.staffActions.resendEmail(desk.actor, { bookingId, outboxId: outboxId.data, staff });
        return { intent: intent.data, message: t("admin.booking.actions.resent", { to: answer.to }), failed: false };
      }
    }
  } catch (error) {
    if (!AppError.is(error)) throw error;
    const answer = error.toResponse(locale);
    return data({ intent: intent.data, message: answer.message, failed: true }, error.status);
  }
}
