import { z } from "zod";
import { paymentProviderNames } from "../domain/payment-providers";
import { locales } from "../i18n/locales";

/** `POST api/booking/payment/create/{bookingUuid}/{locale}` (spec §7). */
export const createPaymentParamsSchema = z.object({ bookingUuid: z.string().uuid(), locale: z.enum(locales) });
/**
 * The booking's token (a guest's browser) — or the booking cookie, or the logged-in owner's session —
 * and optionally the card provider, one of those the operator enabled (else the operator's default; decision 071).
 */
export const createPaymentBodySchema = z
  .object({ booking_token: z.string().min(20).max(200).optional(), provider: z.enum(paymentProviderNames).optional() })
  .strict();

export const paymentKinds = ["deposit", "balance", "full"] as const;
export const paymentStatuses = ["pending", "requires_action", "succeeded", "failed", "expired", "refund_pending", "refunded"] as const;

/** The payment result (PRODUCT.md): where to send the browser, and the token that comes back on the return pages. */
export const paymentResultSchema = z.object({
  uuid: z.string().uuid(),
  kind: z.enum(paymentKinds),
  amount_cents: z.number().int().positive(),
  currency: z.literal("EUR"),
  provider: z.enum(paymentProviderNames),
  redirect_url: z.url({ protocol: /^https?$/ }),
  token: z.string(),
});
export type PaymentResult = z.infer<typeof paymentResultSchema>;
export const createPaymentResponseSchema = z.object({ data: paymentResultSchema });
