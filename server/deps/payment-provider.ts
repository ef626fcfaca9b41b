import { isPaymentProviderName, type PaymentProviderName } from "../../core/domain/payment-providers";
import type { Locale } from "../../core/i18n/locales";

export type { PaymentProviderName };

/**
 * One interface for every card payment provider (decision 007). The site creates a hosted checkout,
 * sends the browser there, and learns the outcome from the provider's signed webhook or, when the
 * browser comes back first, by asking the provider. Amounts always come from the server's prices.
 */
export type CheckoutRequest = {
  /** Our payment row: sent as metadata and used to find the payment again. */
  paymentId: string;
  bookingId: string;
  bookingCode: string;
  amountCents: number;
  currency: "EUR";
  /** What the customer pays for, in the booking's language (one line on the hosted page). */
  description: string;
  locale: Locale;
  customerEmail: string | null;
  /** Absolute URLs back to the site, each carrying the payment's return token. */
  successUrl: string;
  cancelUrl: string;
  /** The same key for a retried creation of the same payment: the provider makes one checkout. */
  idempotencyKey: string;
  /** When the hosted page stops taking this payment (the places' hold); providers may round it. */
  expiresAt: Date;
};

export type CheckoutSession = {
  /** The provider's id of the checkout (Stripe: `cs_…`); unique per provider. */
  providerReference: string;
  /** Where to send the browser. */
  redirectUrl: string;
};

/** What a provider says about a checkout, from a webhook or when asked. */
export type ProviderOutcome =
  | { type: "succeeded"; providerReference: string; amountCents: number | null }
  | { type: "failed"; providerReference: string; reason: string }
  | { type: "expired"; providerReference: string }
  | { type: "pending"; providerReference: string }
  /** A webhook event the site has no use for (other event types): acknowledged, nothing changes. */
  | { type: "ignored"; eventType: string };

export class WebhookSignatureError extends Error {
  constructor(message = "webhook signature does not verify") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** Give back (part of) a paid checkout (docs/decisions/030). */
export type RefundRequest = {
  /** The checkout's reference (`providerReference` of our payment). */
  providerReference: string;
  amountCents: number;
  /** The same key for a retried refund: the provider refunds once and answers the same refund. */
  idempotencyKey: string;
  /** Our ids, sent as metadata so the refund can be traced from the provider's dashboard. */
  paymentId: string;
  bookingId: string;
};

/** The provider's refund: done (`succeeded`), or accepted and still settling (`pending`; card refunds are usually done at once). */
export type RefundResult = { providerReference: string; status: "succeeded" | "pending" };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * Verifies the signature over the raw request body (never a re-serialized one) and maps the event.
   * Throws WebhookSignatureError when it does not verify.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<ProviderOutcome>;
  /** The checkout's state as the provider sees it now (the browser came back before the webhook). */
  retrieve(providerReference: string): Promise<ProviderOutcome>;
  /**
   * Closes a checkout that is still open, so an abandoned tab cannot be paid after a newer payment
   * was started. A checkout already paid is left as it is (its success still arrives and is handled).
   */
  expireCheckout(providerReference: string): Promise<void>;
  /**
   * Refunds `amountCents` of a paid checkout. Throws when the provider refuses or cannot be reached;
   * the caller's transaction then rolls back and nothing is recorded as refunded.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
}

/**
 * The enabled providers by name, in the operator's order (`PAYMENT_PROVIDERS`; decision 071): the
 * first is the default a card payment goes to. A payment row names its provider, and everything
 * after the checkout (webhook, return page, expiry, refund) goes through that one.
 */
export type PaymentProviders = ReadonlyMap<PaymentProviderName, PaymentProvider>;

/** The enabled provider of this name (a payment row's `provider`, a webhook's path); null for any other. */
export function providerNamed(providers: PaymentProviders, name: string): PaymentProvider | null {
  return isPaymentProviderName(name) ? (providers.get(name) ?? null) : null;
}

/** The operator's default: the first enabled provider; null when none is enabled. */
export function defaultProviderOf(providers: PaymentProviders): PaymentProvider | null {
  for (const provider of providers.values()) return provider;
  return null;
}
