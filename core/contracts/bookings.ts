import { z } from "zod";
import { bookingStatuses } from "../domain/booking-status";
import { locales } from "../i18n/locales";

const answerValue = z.union([z.string().max(5000), z.boolean(), z.number().finite(), z.array(z.string().max(500)).max(100), z.null()]);
/** A page's answers, keyed by form item uuid. */
export const pageAnswersSchema = z.record(z.string().uuid(), answerValue);

export const bookingViewSchema = z.object({
  uuid: z.string().uuid(),
  form_uuid: z.string().uuid(),
  event_uuid: z.string().uuid(),
  status: z.enum(bookingStatuses),
  locale: z.enum(locales),
  code: z.string().nullable(),
  current_page: z.number().int(),
  answers: z.record(z.string(), answerValue),
  total_cents: z.number().int(),
  deposit_cents: z.number().int(),
  remainder_cents: z.number().int(),
  remainder_due_on: z.string().nullable(),
});
export type BookingView = z.infer<typeof bookingViewSchema>;

export const openBookingParamsSchema = z.object({ formUuid: z.string().uuid() });
export const openBookingQuerySchema = z.object({ bookingToken: z.string().min(20).max(200).optional(), bookingUuid: z.string().uuid().optional() });
/** `booking_token` is in the answer only when the draft was created by this call: keep it, it is the key to the booking. */
export const openBookingResponseSchema = z.object({ data: bookingViewSchema, booking_token: z.string().optional() });

export const updatePageParamsSchema = z.object({ uuid: z.string().uuid(), pageUuid: z.string().uuid() });
export const updatePageBodySchema = z.object({ booking_token: z.string().min(20).max(200), answers: pageAnswersSchema });
export const updatePageResponseSchema = z.object({ data: bookingViewSchema });
