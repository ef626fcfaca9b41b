import { apiRoute } from "./api-route";
import { z } from "zod";
import { paymentProviderNames } from "../../core/domain/payment-providers";
import { createPaymentBodySchema, createPaymentParamsSchema, createPaymentResponseSchema } from "../../core/contracts/payments";
import { AppError } from "../errors";
import { bookingTokenFromCookie } from "../http/booking-cookies";
import { WebhookSignatureError } from "../deps/payment-provider";
import { optionalActor } from "./actor";
import type { ApiRouter } from "./api-app";
import { errorAnswers, json } from "./openapi-answers";

/** Provider webhooks are small JSON documents; Stripe's largest are well under this. */
const maximumWebhookBytes = 512 * 1024;

/** Spec §7 `POST api/booking/payment/create/{bookingUuid}/{locale}`, and the providers' webhook endpoint. */
export function registerPaymentRoutes(api: ApiRouter) {
  api.openapi(
    apiRoute({
      method: "post",
      path: "/booking/payment/create/{bookingUuid}/{locale}",
      // It waits on the payment provider: holding a turn meanwhile would stall the others.
      facts: { admission: "exempt" },
      tags: ["payments"],
      summary:
        "Create a card payment for what is due now (deposit, full amount or balance) and answer where to send the browser. Access: the booking's token (body or booking cookie) or the owner's session. `provider` chooses one of the card providers the operator enabled (422 for another); without it the operator's default takes the payment. A booking has at most one open checkout: while one is being made or was handed out seconds ago, another creation answers 409 `payment_in_progress` (finish that page, or try again in a few seconds); later creations close the old checkout and make a new one.",
      // A page's script calls it with the browser's cookies: the session cookie counts like a bearer token.
      middleware: optionalActor({ orSessionCookie: true }),
      request: { params: createPaymentParamsSchema, body: { content: { "application/json": { schema: createPaymentBodySchema } }, required: false } },
      responses: { 200: json(createPaymentResponseSchema, "The payment result"), ...errorAnswers },
    }),
    async (c) => {
      const { bookingUuid, locale } = c.req.valid("param");
      const body = c.req.header("content-type")?.includes("application/json") ? c.req.valid("json") : {};
      const bookingToken = body.booking_token ?? bookingTokenFromCookie(c.req.header("cookie"), bookingUuid);
      // A presented booking token is the only key tried: a wrong one is not rescued by the session.
      const userId = bookingToken ? null : (c.var.actor.user?.userId ?? null);
      const result = await c.var.services.payments.create({ bookingId: bookingUuid, access: { bookingToken, userId }, locale, provider: body.provider });
      return c.json({ data: result }, 200);
    },
  );

  api.openapi(
    apiRoute({
      method: "post",
      path: "/payment/webhook/{provider}",
      facts: { bodyLimit: maximumWebhookBytes, admission: "exempt" },
      tags: ["payments"],
      summary:
        "Each enabled provider's signed webhook at its own address (raw body verified; a provider not enabled: 404). Replays and out-of-order deliveries change nothing twice.",
      request: { params: z.object({ provider: z.enum(paymentProviderNames) }) },
      responses: { 200: json(z.object({ received: z.literal(true), result: z.enum(["applied", "unchanged", "unknown"]) }), "Acknowledged"), ...errorAnswers },
    }),
    async (c) => {
      const { provider } = c.req.valid("param");
      // The signature covers the exact bytes sent: read them raw, never re-serialize.
      const rawBody = await c.req.text();
      try {
        const result = await c.var.services.payments.applyWebhook(provider, rawBody, c.req.raw.headers);
        return c.json({ received: true as const, result }, 200);
      } catch (error) {
        if (error instanceof WebhookSignatureError || error instanceof SyntaxError) throw new AppError("BAD_REQUEST", "webhookInvalid");
        throw error;
      }
    },
  );
}
