import Stripe from "stripe";
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderOutcome,
  type RefundRequest,
  type RefundResult,
} from "../deps/payment-provider";

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Overrides api.stripe.com, so tests can point the SDK at a local stand-in. */
  apiBase?: { host: string; port: number; protocol: "http" | "https" };
};

/** Stripe only accepts a Checkout Session's `expires_at` between 30 minutes and 24 hours after creation. */
const minimumExpirySeconds = 30 * 60;
const maximumExpirySeconds = 24 * 60 * 60;
/**
 * Stripe checks the window against its own clock when the request arrives, so both ends keep a minute
 * of slack for request latency and clock skew instead of sitting exactly on the limit.
 */
const expiryMarginSeconds = 60;

/**
 * The session's `expires_at`: the places' hold, clamped into the window Stripe accepts. A hold shorter
 * than 30 minutes is rounded up (the interface allows providers to round), so the hosted page may take
 * a payment after the hold ended; the webhook handler has to cope with that late success anyway.
 */
function stripeExpiresAt(expiresAt: Date, now: Date): number {
  const nowSeconds = now.getTime() / 1000;
  const earliest = Math.ceil(nowSeconds + minimumExpirySeconds + expiryMarginSeconds);
  const latest = Math.floor(nowSeconds + maximumExpirySeconds - expiryMarginSeconds);
  const wanted = Math.floor(expiresAt.getTime() / 1000);
  return Math.max(earliest, Math.min(wanted, latest));
}

function isPaid(session: Stripe.Checkout.Session): boolean {
  // `no_payment_required` only happens for a 0 total (e.g. a 100 % discount); nothing is left to collect.
  return session.payment_status === "paid" || session.payment_status === "no_payment_required";
}

function succeeded(session: Stripe.Checkout.Session): ProviderOutcome {
  return { type: "succeeded", providerReference: session.id, amountCents: session.amount_total };
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    // The version this SDK release was generated against: its types describe exactly these objects.
    apiVersion: Stripe.API_VERSION,
    maxNetworkRetries: 2,
    telemetry: false,
    httpClient: Stripe.createNodeHttpClient(),
    ...(options.apiBase ? { host: options.apiBase.host, port: options.apiBase.port, protocol: options.apiBase.protocol } : {}),
  });

  return {
    name: "stripe",

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const metadata = { payment_id: request.paymentId, booking_id: request.bookingId, booking_code: request.bookingCode };
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: [
            {
              quantity: 1,
              price_data: { currency: "eur", unit_amount: request.amountCents, product_data: { name: request.description } },
            },
          ],
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: request.paymentId,
          metadata,
          // Also on the PaymentIntent, so the payment can be traced from Stripe's payment views and refunds.
          payment_intent_data: { metadata },
          ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          locale: request.locale,
          expires_at: stripeExpiresAt(request.expiresAt, new Date()),
        },
        // A retried creation of the same payment gets the same session back instead of a second one.
        { idempotencyKey: request.idempotencyKey },
      );
      if (!session.url) {
        throw new Error(`Stripe returned checkout session ${session.id} without a url (only embedded/custom ui_mode sessions lack one)`);
      }
      return { providerReference: session.id, redirectUrl: session.url };
    },

    async parseWebhook(rawBody: string, headers: Headers): Promise<ProviderOutcome> {
      const signature = headers.get("stripe-signature");
      if (!signature) throw new WebhookSignatureError("stripe-signature header is missing");
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature, options.webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new WebhookSignatureError(error.message);
        throw error;
      }

      switch (event.type) {
        case "checkout.session.completed": {
          const session = event.data.object;
          // `unpaid` here means a delayed method (SEPA debit, …) was submitted; async_payment_* follows.
          return isPaid(session) ? succeeded(session) : { type: "pending", providerReference: session.id };
        }
        case "checkout.session.async_payment_succeeded":
          return succeeded(event.data.object);
        case "checkout.session.async_payment_failed":
          return { type: "failed", providerReference: event.data.object.id, reason: "async_payment_failed" };
        case "checkout.session.expired":
          return { type: "expired", providerReference: event.data.object.id };
        default:
          return { type: "ignored", eventType: event.type };
      }
    },

    async retrieve(providerReference: string): Promise<ProviderOutcome> {
      const session = await stripe.checkout.sessions.retrieve(providerReference);
      if (session.status === "complete" && isPaid(session)) return succeeded(session);
      if (session.status === "expired") return { type: "expired", providerReference: session.id };
      // Open, or complete but a delayed method is still settling: the webhook will bring the outcome.
      return { type: "pending", providerReference: session.id };
    },

    async expireCheckout(providerReference: string): Promise<void> {
      try {
        await stripe.checkout.sessions.expire(providerReference);
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open (paid, or expired already): that one
        // is closed, and a payment is settled by its webhook. Any other failure (network, Stripe down)
        // leaves the session payable, so it is raised and the caller's durable job tries again.
        const session = await stripe.checkout.sessions.retrieve(providerReference).catch(() => null);
        if (session && session.status !== "open") return;
        throw error;
      }
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      // Our payment is a Checkout Session; the money sits on its PaymentIntent, which the Refunds API takes.
      const session = await stripe.checkout.sessions.retrieve(request.providerReference);
      const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (!paymentIntent) throw new Error(`checkout session ${session.id} has no payment intent to refund`);
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: request.amountCents,
          metadata: { payment_id: request.paymentId, booking_id: request.bookingId },
        },
        // A retried call (a timeout, the staff member pressing again with the same key) refunds once.
        { idempotencyKey: request.idempotencyKey },
      );
      if (refund.status === "failed" || refund.status === "canceled") throw new Error(`Stripe refund ${refund.id} ${refund.status}`);
      return { providerReference: refund.id, status: refund.status === "succeeded" ? "succeeded" : "pending" };
    },
  };
}
