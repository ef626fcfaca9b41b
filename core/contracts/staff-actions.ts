import { z } from "zod";
import { accountViewSchema } from "./booking-account";

/**
 * The back office's booking actions (issue 13, docs/decisions/030): requests and answers of
 * `POST api/staff/bookings/{uuid}/…`. Every body is explicit (the caller confirmed the action) and
 * strict: an unknown key is refused rather than ignored.
 */

export const staffBookingParamsSchema = z.object({ uuid: z.string().uuid() });

/** Most a single call moves, in cents (a typo with three zeros too many is refused, not refunded). */
const maximumCents = 10_000_000;
const centsSchema = z.number().int().positive().max(maximumCents);
const reasonSchema = z.string().trim().min(1).max(1000);

/** What a cancellation gives back: nothing, all that is refundable, or an amount. */
export const cancelRefundSchema = z.union([z.enum(["none", "full"]), z.object({ amount_cents: centsSchema }).strict()]);
export type CancelRefund = z.infer<typeof cancelRefundSchema>;

const cancelOptions = {
  refund: cancelRefundSchema,
  /** Whether the customer is told (the cancellation mail, and the refund mail when money goes back). */
  notify: z.boolean(),
  /** Internal note for the audit trail: never mailed. */
  reason: reasonSchema.optional(),
  /** A message to the customer, in their mail (previewed before sending). */
  message: reasonSchema.optional(),
};

export const cancelBookingBodySchema = z
  .object({
    ...cancelOptions,
    /**
     * Optional, chosen by the caller once per intended cancellation: the same key again on the
     * booking it cancelled answers that cancellation (200) instead of 409, and changes nothing.
     */
    idempotency_key: z.string().trim().min(8).max(200).optional(),
  })
  .strict();
export type CancelBookingBody = z.infer<typeof cancelBookingBodySchema>;

/**
 * `POST …/cancel/preview`: the cancellation's options as the cancel call takes them (no key: a
 * preview changes nothing). The answer is the customer's mail exactly as the cancellation would send it.
 */
export const cancelPreviewBodySchema = z.object(cancelOptions).strict();
export type CancelPreviewBody = z.infer<typeof cancelPreviewBodySchema>;

export const cancelPreviewSchema = z.object({
  uuid: z.string().uuid(),
  /** What the cancellation would give back (its refund), by the same plan as the refund. */
  refund_cents: z.number().int().nonnegative(),
  /** What the operator would keep: the cancellation fee. */
  cancellation_fee_cents: z.number().int().nonnegative(),
  /** The cancellation mail rendered by its template in the booking's language; null when none would be sent (not notified, no address). */
  mail: z
    .object({ to: z.string(), locale: z.string(), subject: z.string(), text: z.string(), html: z.string() })
    .nullable(),
  /** The other mails the cancellation sends the customer with it (the refund's). */
  also_sent: z.array(z.enum(["refund-issued", "invoice-corrected"])),
});
export type CancelPreview = z.infer<typeof cancelPreviewSchema>;
export const cancelPreviewResponseSchema = z.object({ data: cancelPreviewSchema });

export const refundBookingBodySchema = z
  .object({
    /** Default: everything still refundable (of `payment_uuid` when given). */
    amount_cents: centsSchema.optional(),
    /** Refund only this payment; default: the newest payments first. */
    payment_uuid: z.string().uuid().optional(),
    /** Money the operator pays out itself (it came by transfer, cash or otherwise): the day it went out; default today. */
    paid_out_on: z.iso.date().optional(),
    /** The operator's reference of that payout (its transfer's purpose line). */
    reference: z.string().trim().min(1).max(200).optional(),
    /** Internal note for the audit trail: never mailed. */
    reason: reasonSchema.optional(),
    /** A message to the customer, in the refund mail. */
    message: reasonSchema.optional(),
    /** Chosen by the caller once per intended refund: the same key again refunds nothing more and answers the same. */
    idempotency_key: z.string().trim().min(8).max(200),
  })
  .strict();
export type RefundBookingBody = z.infer<typeof refundBookingBodySchema>;

/** Money staff record by hand: a transfer seen on the statement, cash at the desk, or another way. */
export const recordedPaymentMethods = ["bank_transfer", "cash", "other"] as const;
export type RecordedPaymentMethod = (typeof recordedPaymentMethods)[number];

export const recordPaymentBodySchema = z
  .object({
    amount_cents: centsSchema,
    method: z.enum(recordedPaymentMethods).default("bank_transfer"),
    received_on: z.iso.date(),
    /** The bank statement's reference, for the audit trail. */
    reference: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type RecordPaymentBody = z.infer<typeof recordPaymentBodySchema>;

export const resendEmailBodySchema = z.object({ outbox_id: z.string().uuid() }).strict();
export type ResendEmailBody = z.infer<typeof resendEmailBodySchema>;

export const staffMessageBodySchema = z
  .object({
    subject: z.string().trim().min(1).max(200),
    /** Plain text: escaped when the mail is rendered; blank lines make paragraphs. */
    body: z.string().trim().min(1).max(5000),
  })
  .strict();
export type StaffMessageBody = z.infer<typeof staffMessageBodySchema>;

/** Most bookings one bulk call touches. */
export const maximumBulkBookings = 200;
const bulkBookingsSchema = z.array(z.string().uuid()).min(1).max(maximumBulkBookings);

/**
 * Nothing happens without it (issue 28): absent or false, the answer is the plan (what would happen
 * to each booking, and which are refused and why) and nothing changes; true acts on each booking the
 * plan still fits when its turn comes.
 */
const bulkConfirmSchema = z.boolean().optional();

export const bulkActionBodySchema = z.discriminatedUnion("action", [
  z.object({ action: z.literal("resend_confirmation"), booking_uuids: bulkBookingsSchema, confirm: bulkConfirmSchema }).strict(),
  z.object({ action: z.literal("cancel"), booking_uuids: bulkBookingsSchema, ...cancelOptions, confirm: bulkConfirmSchema }).strict(),
]);
export type BulkActionBody = z.infer<typeof bulkActionBodySchema>;

// ── Answers ────────────────────────────────────────────────────────────────────────────────────

export const refundAnswerSchema = z.object({
  uuid: z.string().uuid(),
  /** What this call gave back (the first call's amount when the key was used before). */
  refunded_cents: z.number().int().nonnegative(),
  /** What can still be refunded afterwards. */
  refundable_cents: z.number().int().nonnegative(),
  refunds: z.array(
    z.object({
      payment_uuid: z.string().uuid(),
      amount_cents: z.number().int().positive(),
      /** Through the card provider, or paid out by the operator and recorded. */
      channel: z.enum(["provider", "recorded"]),
      provider_reference: z.string().nullable(),
      paid_out_on: z.iso.date().nullable(),
      status: z.enum(["succeeded", "pending"]),
    }),
  ),
});
export type RefundAnswer = z.infer<typeof refundAnswerSchema>;
export const refundResponseSchema = z.object({ data: refundAnswerSchema });

export const cancelAnswerSchema = z.object({
  uuid: z.string().uuid(),
  status: z.literal("cancelled"),
  places_released: z.number().int().nonnegative(),
  resources_released: z.number().int().nonnegative(),
  /** Waitlist entries the freed places were offered to. */
  waitlist_offers: z.number().int().nonnegative(),
  refund: refundAnswerSchema.nullable(),
});
export type CancelAnswer = z.infer<typeof cancelAnswerSchema>;
export const cancelResponseSchema = z.object({ data: cancelAnswerSchema });

export const recordPaymentAnswerSchema = z.object({
  uuid: z.string().uuid(),
  payment_uuid: z.string().uuid(),
  status: z.string(),
  paid_cents: z.number().int().nonnegative(),
  total_cents: z.number().int().nonnegative(),
  /** Paid beyond the total (allowed; staff decide what to do with it). */
  overpaid: z.boolean(),
  overpaid_cents: z.number().int().nonnegative(),
});
export type RecordPaymentAnswer = z.infer<typeof recordPaymentAnswerSchema>;
export const recordPaymentResponseSchema = z.object({ data: recordPaymentAnswerSchema });

export const bookingEmailSchema = z.object({
  outbox_id: z.string().uuid(),
  template: z.string(),
  to: z.string(),
  locale: z.string(),
  status: z.enum(["pending", "sent", "failed"]),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type BookingEmail = z.infer<typeof bookingEmailSchema>;
export const bookingEmailsResponseSchema = z.object({ data: z.array(bookingEmailSchema) });
export const queuedEmailResponseSchema = z.object({ data: bookingEmailSchema });

/** The booking a result is about, as it was when the plan was made or the action was taken (null: not found). */
const bulkBookingFacts = { booking_code: z.string().nullable(), booking_status: z.string().nullable() };

export const bulkResultSchema = z.discriminatedUnion("outcome", [
  /** Without `confirm`: the action fits this booking and would be taken; `to` is the address a mail would go to. */
  z.object({ uuid: z.string(), outcome: z.literal("planned"), ...bulkBookingFacts, to: z.string().nullable() }),
  z.object({ uuid: z.string(), outcome: z.literal("ok"), ...bulkBookingFacts }),
  /** Refused (planned or taken): `code` the error code, `reason` in the caller's language; nothing changed for it. */
  z.object({ uuid: z.string(), outcome: z.literal("refused"), code: z.string(), reason: z.string(), ...bulkBookingFacts }),
]);
export type BulkResult = z.infer<typeof bulkResultSchema>;
export const bulkAnswerSchema = z.object({ confirmed: z.boolean(), results: z.array(bulkResultSchema) });
export type BulkAnswer = z.infer<typeof bulkAnswerSchema>;
export const bulkResponseSchema = z.object({ data: bulkAnswerSchema });

/** `POST api/staff/bookings/{uuid}/reverse-cancellation`: nothing to choose; the body is an empty object (the call is the confirmation). */
export const reverseCancellationBodySchema = z.object({}).strict();
/** The booking standing again (issue 30, decision 075): confirmed (or paid, when what stayed paid covers it), its places taken again. */
export const reverseCancellationAnswerSchema = z.object({
  uuid: z.string().uuid(),
  status: z.enum(["confirmed", "paid"]),
  places_taken: z.number().int().nonnegative(),
  account: accountViewSchema,
});
export type ReverseCancellationAnswer = z.infer<typeof reverseCancellationAnswerSchema>;
export const reverseCancellationResponseSchema = z.object({ data: reverseCancellationAnswerSchema });
