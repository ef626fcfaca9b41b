import { z } from "zod";
import { accountViewSchema } from "./booking-account";
import { companionTypes } from "../domain/booking-choices";
import { bookingStatuses } from "../domain/booking-status";
import { locales } from "../i18n/locales";

const answerValue = z.union([z.string().max(5000), z.boolean(), z.number().finite(), z.array(z.string().max(500)).max(100), z.null()]);
/** A page's answers, keyed by form item uuid. */
export const pageAnswersSchema = z.record(z.string().uuid(), answerValue);

const optionalText = (max: number) => z.string().max(max).nullable().optional();

/** A companion as the page sends it: the browser makes the uuid, so errors can be keyed by it before the first save. */
export const companionInputSchema = z.object({
  uuid: z.string().uuid(),
  type: z.enum(companionTypes).nullable().optional(),
  salutation: z.enum(["mr", "mrs", "divers"]).nullable().optional(),
  forename: optionalText(200),
  surname: optionalText(200),
  date_of_birth: optionalText(20),
});
export type CompanionInput = z.infer<typeof companionInputSchema>;

export const companionViewSchema = z.object({
  uuid: z.string().uuid(),
  type: z.enum(companionTypes).nullable(),
  salutation: z.enum(["mr", "mrs", "divers"]).nullable(),
  forename: z.string().nullable(),
  surname: z.string().nullable(),
  date_of_birth: z.string().nullable(),
});
export type CompanionView = z.infer<typeof companionViewSchema>;

export const bookingViewSchema = z.object({
  uuid: z.string().uuid(),
  form_uuid: z.string().uuid(),
  event_uuid: z.string().uuid(),
  status: z.enum(bookingStatuses),
  locale: z.enum(locales),
  code: z.string().nullable(),
  current_page: z.number().int(),
  /** Counts the draft's saves; a page save names the version it was made from (decision 021). */
  version: z.number().int(),
  answers: z.record(z.string(), answerValue),
  /** A draft's running total, priced from its current answers on every read and save; from submission on, the price that counts. */
  total_cents: z.number().int(),
  /** The participant's event price (spec §3 "event price"). */
  event_price_cents: z.number().int(),
  /** The companions' prices together (spec §3 "companion total"); per-day extras are the rest of the total. */
  companion_total_cents: z.number().int(),
  deposit_cents: z.number().int(),
  remainder_cents: z.number().int(),
  remainder_due_on: z.string().nullable(),
  /** What a discount code took off the total (decision 079); 0 without one. */
  discount_cents: z.number().int(),
  /** The discount code entered on the review step and what it is worth; null without one. */
  voucher: z
    .object({
      code: z.string(),
      discount: z.discriminatedUnion("kind", [
        z.object({ kind: z.literal("amount"), amountCents: z.number().int() }),
        z.object({ kind: z.literal("percent"), percent: z.number().int() }),
      ]),
    })
    .nullable(),
  /** Paid so far by card (succeeded payments). */
  paid_cents: z.number().int(),
  /** A submitted booking's account (decision 067); null for a draft. */
  account: accountViewSchema.nullable(),
  hold_expires_at: z.string().nullable(),
  payment_option: z.enum(["credit_card", "invoice", "sma"]).nullable(),
  /** The form's SMA state (spec §3): while `sma_blocking`, pages after `sma_page` are blocked. */
  sma_status: z.enum(["none", "requested", "verified", "rejected"]),
  sma_blocking: z.boolean(),
  sma_page: z.number().int().nullable(),
  companions: z.array(companionViewSchema),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const openBookingParamsSchema = z.object({ formUuid: z.string().uuid() });
export const openBookingQuerySchema = z.object({ bookingToken: z.string().min(20).max(200).optional(), bookingUuid: z.string().uuid().optional() });
/** `booking_token` is in the answer only when the draft was created by this call: keep it, it is the key to the booking. */
export const openBookingResponseSchema = z.object({ data: bookingViewSchema, booking_token: z.string().optional() });

/** `POST api/booking/{uuid}/voucher`: a discount code for the draft (decision 079); `DELETE` removes it. */
export const applyVoucherBodySchema = z.object({
  code: z.string().max(100),
  booking_token: z.string().min(20).max(200).optional(),
});
export const voucherParamsSchema = z.object({ uuid: z.string().uuid() });

export const updatePageParamsSchema = z.object({ uuid: z.string().uuid(), pageUuid: z.string().uuid() });
const bookingTokenSchema = z.string().min(20).max(200);
/** Without `booking_token` the API takes the key from this browser's httpOnly booking cookie. */
export const updatePageBodySchema = z.object({
  booking_token: bookingTokenSchema.optional(),
  answers: pageAnswersSchema,
  companions: z.array(companionInputSchema).max(50).optional(),
  /**
   * The draft's `version` this page was filled in from. When given and the draft has been saved since
   * (another window), nothing is saved and the answer is a 409 with `reason: "stale_version"`.
   */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
});
export const updatePageResponseSchema = z.object({ data: bookingViewSchema });

export const deleteCompanionParamsSchema = z.object({ bookingUuid: z.string().uuid(), companionUuid: z.string().uuid() });
export const deleteCompanionQuerySchema = z.object({ bookingToken: bookingTokenSchema.optional() });

export const submitBookingParamsSchema = z.object({ uuid: z.string().uuid() });
export const submitBookingBodySchema = z.object({
  booking_token: bookingTokenSchema.optional(),
  /** The token of a waitlist offer e-mail: its held places go to this booking. */
  waitlist_offer: bookingTokenSchema.optional(),
});
export const submitBookingResponseSchema = z.object({ data: bookingViewSchema });
