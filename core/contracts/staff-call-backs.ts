import { z } from "zod";
import { companionTypes } from "../domain/booking-choices";
import { locales } from "../i18n/locales";

/**
 * The call-back queue (issue 13; decision 031): SMA requests waiting for a staff member's call, the
 * oldest first, with what the caller needs on the phone, the call attempts so far, and the calls that
 * record an attempt and decide the request (the existing `POST api/staff/bookings/{uuid}/sma/{decision}`).
 */

export const callBackOutcomes = ["reached", "no_answer", "voicemail", "wrong_number", "call_back_later"] as const;
export type CallBackOutcome = (typeof callBackOutcomes)[number];

export const callAttemptSchema = z.object({
  uuid: z.string().uuid(),
  outcome: z.enum(callBackOutcomes),
  note: z.string().nullable(),
  staff: z.object({ id: z.string().uuid().nullable(), email: z.string() }),
  at: z.string(),
});
export type CallAttempt = z.infer<typeof callAttemptSchema>;

const staffCall = z.object({ method: z.literal("POST"), path: z.string() });

export const callBackSchema = z.object({
  booking_uuid: z.string().uuid(),
  code: z.string().nullable(),
  /** The customer's language: the call (and the mails that follow the decision) are in it. */
  locale: z.enum(locales),
  event: z.object({ uuid: z.string().uuid(), title: z.string(), starts_on: z.string() }),
  submitted_at: z.string(),
  main_participant: z.object({
    name: z.string(),
    /** As the customer typed it. */
    phone: z.string().nullable(),
    /** E.164 (`+4989…`) for a `tel:` link when the stored number can be read, else null. */
    phone_e164: z.string().nullable(),
    email: z.string().nullable(),
  }),
  places: z.number().int(),
  total_cents: z.number().int(),
  deposit_cents: z.number().int(),
  summary: z.object({
    companions: z.object({ count: z.number().int(), by_type: z.partialRecord(z.enum(companionTypes), z.number().int()) }),
    /** The booking's payment option (`sma` while the request waits). */
    payment_option: z.enum(["credit_card", "invoice", "sma"]).nullable(),
    /** How the customer means to pay once the request is verified (the form's payment choice), when answered. */
    payment_choice: z.enum(["credit_card", "invoice"]).nullable(),
    additional_comments: z.string().nullable(),
  }),
  /** Oldest first. */
  attempts: z.array(callAttemptSchema),
  actions: z.object({ record_attempt: staffCall, verify: staffCall, reject: staffCall }),
});
export type CallBack = z.infer<typeof callBackSchema>;

export const callBacksResponseSchema = z.object({ data: z.array(callBackSchema) });

export const callAttemptParamsSchema = z.object({ uuid: z.string().uuid() });
export const callAttemptBodySchema = z
  .object({
    outcome: z.enum(callBackOutcomes),
    note: z.string().trim().max(2000).optional(),
  })
  .strict();
export type CallAttemptInput = z.infer<typeof callAttemptBodySchema>;
export const callAttemptResponseSchema = z.object({ data: callAttemptSchema });
