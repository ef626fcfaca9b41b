import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../db/client";
import { jobs, sandboxCheckouts } from "../db/schema";
import {
  WebhookSignatureError,
  type CheckoutRequest,
  type CheckoutSession,
  type PaymentProvider,
  type ProviderOutcome,
  type RefundRequest,
  type RefundResult,
} from "../deps/payment-provider";

/**
 * The built-in sandbox provider (decision 007): a hosted payment page served by the site itself
 * under /sandbox-checkout, test cards instead of money, and webhooks signed like Stripe's
 * (`t=<unix>,v1=<hex HMAC-SHA256 of "t.body">`) delivered over HTTP by a durable job. The default
 * outside production, so the site and its tests run offline; env.ts refuses it in production.
 */
export const sandboxWebhookJob = "sandbox.deliver-webhook";
export const sandboxSignatureHeader = "sandbox-signature";
const signatureToleranceSeconds = 300;

export const sandboxTestCards = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  needsConfirmation: "4000002760003184",
} as const;

export type SandboxCheckoutRow = typeof sandboxCheckouts.$inferSelect;

/** A checkout's id: `sbx_` and 12 random bytes in lowercase hex, as `createCheckout` makes it. */
const newCheckoutId = () => `sbx_${randomBytes(12).toString("hex")}`;
const checkoutIdPattern = /^sbx_[0-9a-f]{24}$/;

/**
 * Whether `id` has the shape of a checkout id this sandbox makes. The hosted page asks before it
 * looks one up: anything else (NUL, a lone surrogate, 10,000 characters) is an unknown checkout,
 * never a query the database refuses (issue 33, decision 010).
 */
export function isSandboxCheckoutId(id: string): boolean {
  return checkoutIdPattern.test(id);
}

const sandboxEventSchema = z.object({
  id: z.string(),
  type: z.enum(["checkout.completed", "checkout.failed", "checkout.expired"]).or(z.string()),
  data: z.object({
    checkout: z.object({ id: z.string(), status: z.string(), amount_total: z.number().int(), failure_reason: z.string().nullable().optional() }),
  }),
});

export function signSandboxPayload(body: string, secret: string, timestamp: number): string {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

export function verifySandboxSignature(body: string, header: string | null, secret: string, now: Date): void {
  if (!header) throw new WebhookSignatureError("missing sandbox-signature header");
  const parts = Object.fromEntries(header.split(",").map((part) => part.split("=") as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1) throw new WebhookSignatureError("malformed sandbox-signature header");
  if (Math.abs(now.getTime() / 1000 - timestamp) > signatureToleranceSeconds) throw new WebhookSignatureError("webhook timestamp outside the tolerance");
  const expected = Buffer.from(createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex"));
  const given = Buffer.from(parts.v1);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new WebhookSignatureError();
}

function outcomeOf(row: Pick<SandboxCheckoutRow, "id" | "status" | "amountCents" | "failureReason" | "expiresAt">, now: Date): ProviderOutcome {
  if (row.status === "complete") return { type: "succeeded", providerReference: row.id, amountCents: row.amountCents };
  if (row.status === "failed") return { type: "failed", providerReference: row.id, reason: row.failureReason ?? "declined" };
  if (row.status === "expired" || row.expiresAt <= now) return { type: "expired", providerReference: row.id };
  return { type: "pending", providerReference: row.id };
}

export type SandboxProvider = PaymentProvider & {
  /** The hosted page's side: a checkout ends (paid, declined, confirmation failed) and its webhook is queued. */
  finishCheckout(id: string, result: { status: "complete" } | { status: "failed"; reason: string }): Promise<SandboxCheckoutRow | null>;
  findCheckout(id: string): Promise<SandboxCheckoutRow | null>;
};

export function createSandboxProvider(options: {
  db: Database;
  publicOrigin: string;
  webhookSecret: string;
  webhookDelayMs: number;
  now: () => Date;
}): SandboxProvider {
  const { db } = options;

  async function findCheckout(id: string) {
    const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, id)).limit(1);
    return row ?? null;
  }

  return {
    name: "sandbox",

    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const id = newCheckoutId();
      // Like a provider's idempotency key: the same key answers the checkout made the first time.
      await db
        .insert(sandboxCheckouts)
        .values({
          id,
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          currency: request.currency,
          description: request.description,
          locale: request.locale,
          customerEmail: request.customerEmail,
          successUrl: request.successUrl,
          cancelUrl: request.cancelUrl,
          metadata: { payment_id: request.paymentId, booking_id: request.bookingId, booking_code: request.bookingCode },
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing({ target: sandboxCheckouts.idempotencyKey });
      const [row] = await db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.idempotencyKey, request.idempotencyKey)).limit(1);
      if (!row) throw new Error("sandbox checkout was not stored");
      return { providerReference: row.id, redirectUrl: `${options.publicOrigin}/sandbox-checkout/${row.id}` };
    },

    async parseWebhook(rawBody: string, headers: Headers): Promise<ProviderOutcome> {
      verifySandboxSignature(rawBody, headers.get(sandboxSignatureHeader), options.webhookSecret, options.now());
      const parsed = sandboxEventSchema.safeParse(JSON.parse(rawBody));
      if (!parsed.success) throw new WebhookSignatureError("signed, but not a sandbox event");
      const { type, data } = parsed.data;
      const checkout = data.checkout;
      if (type === "checkout.completed") return { type: "succeeded", providerReference: checkout.id, amountCents: checkout.amount_total };
      if (type === "checkout.failed") return { type: "failed", providerReference: checkout.id, reason: checkout.failure_reason ?? "declined" };
      if (type === "checkout.expired") return { type: "expired", providerReference: checkout.id };
      return { type: "ignored", eventType: type };
    },

    async retrieve(providerReference: string): Promise<ProviderOutcome> {
      const row = await findCheckout(providerReference);
      if (!row) throw new Error(`no sandbox checkout ${providerReference}`);
      return outcomeOf(row, options.now());
    },

    findCheckout,

    async expireCheckout(providerReference: string): Promise<void> {
      await db
        .update(sandboxCheckouts)
        .set({ status: "expired", updatedAt: options.now() })
        .where(and(eq(sandboxCheckouts.id, providerReference), eq(sandboxCheckouts.status, "open")));
    },

    /**
     * Card refunds settle at once, as most of Stripe's do: the answer is final, no webhook follows.
     * The refund's id is derived from the idempotency key, so a retried refund answers the same one;
     * it reads nothing of the site's database, so the caller may hold its row locks meanwhile.
     * A checkout id that this sandbox never made cannot be refunded (`sbx_` prefix), like an unknown
     * payment intent at a real provider.
     */
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.providerReference.startsWith("sbx_")) throw new Error(`sandbox cannot refund ${request.providerReference}`);
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) throw new Error("sandbox refunds need a positive amount");
      const id = createHmac("sha256", options.webhookSecret).update(`refund:${request.idempotencyKey}`).digest("hex").slice(0, 24);
      return { providerReference: `sbx_re_${id}`, status: "succeeded" };
    },

    async finishCheckout(id, result) {
      const now = options.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(sandboxCheckouts)
          .set({ status: result.status, failureReason: result.status === "failed" ? result.reason : null, updatedAt: now })
          .where(and(eq(sandboxCheckouts.id, id), eq(sandboxCheckouts.status, "open")))
          .returning();
        if (!row) return null;
        const event = {
          id: `evt_${randomBytes(12).toString("hex")}`,
          type: result.status === "complete" ? "checkout.completed" : "checkout.failed",
          created: Math.floor(now.getTime() / 1000),
          data: { checkout: { id: row.id, status: row.status, amount_total: row.amountCents, failure_reason: row.failureReason, metadata: row.metadata } },
        };
        // Durable: a restart between the redirect and the delivery still delivers it.
        await tx
          .insert(jobs)
          .values({ kind: sandboxWebhookJob, payload: { body: JSON.stringify(event) }, runAt: new Date(now.getTime() + options.webhookDelayMs) });
        return row;
      });
    },
  };
}

/** The job that delivers one webhook over HTTP, signed at sending time; a non-2xx answer makes the job retry. */
export async function deliverSandboxWebhook(payload: Record<string, unknown>, options: { publicOrigin: string; webhookSecret: string; now: Date }) {
  const body = z.object({ body: z.string() }).parse(payload).body;
  const response = await fetch(`${options.publicOrigin}/api/payment/webhook/sandbox`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      [sandboxSignatureHeader]: signSandboxPayload(body, options.webhookSecret, Math.floor(options.now.getTime() / 1000)),
    },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`webhook answered ${response.status}`);
}
