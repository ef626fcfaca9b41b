import { randomBytes } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebhookSignatureError, type CheckoutRequest, type PaymentProvider } from "../../server/deps/payment-provider";
import { createStripeProvider } from "../../server/payments/stripe-provider";
import { eq } from "drizzle-orm";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, jobs, payments } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { startJobWorker } from "../../server/jobs/job-worker";
import { expireCheckoutJob, runCheckoutExpiry } from "../../server/payments/checkout-expiry";
import { createTestApi } from "../support/api-client";
import { formObject, startStripeStandIn, type PaymentStatus, type RecordedRequest, type SessionStatus, type StripeStandIn, type WireSession } from "../support/stripe-stand-in";
import { createDraftBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

const secretKey = "sk_test_standin_0123456789";
const webhookSecret = "whsec_test_standin_0123456789";

let standIn: StripeStandIn;
let provider: PaymentProvider;

beforeAll(async () => {
  standIn = await startStripeStandIn(secretKey);
  provider = createStripeProvider({ secretKey, webhookSecret, apiBase: { host: "127.0.0.1", port: standIn.port, protocol: "http" } });
});

afterAll(async () => {
  await standIn.close();
});

beforeEach(() => {
  standIn.requests.length = 0;
});

const minutes = (count: number) => count * 60_000;

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  const paymentId = `pay_${randomBytes(6).toString("hex")}`;
  return {
    paymentId,
    bookingId: "3f2b8c4e-1d0a-4b7e-9f6a-2c5d8e7f1a90",
    bookingCode: "TF-7K2Q",
    amountCents: 2700,
    currency: "EUR",
    description: "Trackday Nürburgring – 1 Fahrer",
    locale: "de",
    customerEmail: "anna.schmidt@example.test",
    successUrl: `https://booking.example.test/de/payments/${paymentId}/return?token=tok_abc&outcome=success`,
    cancelUrl: `https://booking.example.test/de/payments/${paymentId}/return?token=tok_abc&outcome=cancel`,
    idempotencyKey: `checkout-${paymentId}`,
    expiresAt: new Date(Date.now() + minutes(120)),
    ...overrides,
  };
}

function onlyRequest(): RecordedRequest {
  expect(standIn.requests).toHaveLength(1);
  const [request] = standIn.requests;
  if (!request) throw new Error("the stand-in received no request");
  return request;
}

/** Creates a checkout and returns the `expires_at` the SDK sent, with the window of "now" around the call. */
async function sentExpiresAt(holdFromNow: number): Promise<{ expiresAt: number; before: number; after: number }> {
  const before = Math.floor(Date.now() / 1000);
  await provider.createCheckout(checkoutRequest({ expiresAt: new Date(Date.now() + holdFromNow) }));
  const after = Math.ceil(Date.now() / 1000);
  return { expiresAt: Number(onlyRequest().form.get("expires_at")), before, after };
}

describe("createCheckout", () => {
  it("creates a payment-mode session with our amount, URLs, references and idempotency key", async () => {
    const request = checkoutRequest();
    const session = await provider.createCheckout(request);

    const sent = onlyRequest();
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.headers.authorization).toBe(`Bearer ${secretKey}`);
    expect(sent.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.headers["idempotency-key"]).toBe(request.idempotencyKey);
    expect(sent.headers["stripe-version"]).toBe(Stripe.API_VERSION);

    const form = sent.form;
    expect(form.get("mode")).toBe("payment");
    expect(form.get("line_items[0][quantity]")).toBe("1");
    expect(form.get("line_items[0][price_data][currency]")).toBe("eur");
    expect(form.get("line_items[0][price_data][unit_amount]")).toBe("2700");
    expect(form.get("line_items[0][price_data][product_data][name]")).toBe("Trackday Nürburgring – 1 Fahrer");
    expect(form.get("success_url")).toBe(request.successUrl);
    expect(form.get("cancel_url")).toBe(request.cancelUrl);
    expect(form.get("client_reference_id")).toBe(request.paymentId);
    expect(formObject(form, "metadata")).toEqual({ payment_id: request.paymentId, booking_id: request.bookingId, booking_code: "TF-7K2Q" });
    expect(formObject(form, "payment_intent_data[metadata]")).toEqual({
      payment_id: request.paymentId,
      booking_id: request.bookingId,
      booking_code: "TF-7K2Q",
    });
    expect(form.get("customer_email")).toBe("anna.schmidt@example.test");
    expect(form.get("locale")).toBe("de");
    // A hold inside Stripe's window is sent unchanged (whole seconds).
    expect(form.get("expires_at")).toBe(String(Math.floor(request.expiresAt.getTime() / 1000)));

    const stored = standIn.sessions.get(session.providerReference);
    expect(session.providerReference).toMatch(/^cs_test_/);
    expect(session.redirectUrl).toBe(stored?.url);
    expect(stored).toMatchObject({ amount_total: 2700, currency: "eur", client_reference_id: request.paymentId, metadata: { payment_id: request.paymentId } });
  });

  it("leaves customer_email out when there is none and passes the English locale", async () => {
    await provider.createCheckout(checkoutRequest({ customerEmail: null, locale: "en" }));
    const form = onlyRequest().form;
    expect(form.has("customer_email")).toBe(false);
    expect(form.get("locale")).toBe("en");
  });

  it("raises a hold shorter than 30 minutes into Stripe's window", async () => {
    const { expiresAt, before, after } = await sentExpiresAt(minutes(10));
    expect(expiresAt).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(expiresAt).toBeLessThanOrEqual(after + 32 * 60);
  });

  it("caps a hold longer than 24 hours at Stripe's limit", async () => {
    const { expiresAt, before, after } = await sentExpiresAt(minutes(3 * 24 * 60));
    expect(expiresAt).toBeLessThanOrEqual(after + 24 * 60 * 60);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 24 * 60 * 60 - 2 * 60);
  });

  it("returns the same session for a retried creation with the same idempotency key", async () => {
    const request = checkoutRequest();
    const first = await provider.createCheckout(request);
    const second = await provider.createCheckout(request);

    expect(second).toEqual(first);
    expect(standIn.requests.map((sent) => sent.headers["idempotency-key"])).toEqual([request.idempotencyKey, request.idempotencyKey]);
    expect([...standIn.sessions.values()].filter((session) => session.client_reference_id === request.paymentId)).toHaveLength(1);
  });

  it("retries a 503 itself with the same key and body", async () => {
    standIn.failNextCreates(1);
    const request = checkoutRequest();
    const session = await provider.createCheckout(request);

    expect(session.providerReference).toMatch(/^cs_test_/);
    expect(standIn.requests).toHaveLength(2);
    const [failed, retried] = standIn.requests;
    expect(retried?.headers["idempotency-key"]).toBe(request.idempotencyKey);
    expect(retried?.form.toString()).toBe(failed?.form.toString());
  });

  it("surfaces Stripe's idempotency_error when a key is reused for different parameters", async () => {
    const request = checkoutRequest();
    await provider.createCheckout(request);
    const error: unknown = await provider.createCheckout({ ...request, amountCents: 3100 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });
});

describe("retrieve", () => {
  async function sessionIn(status: SessionStatus, paymentStatus: PaymentStatus): Promise<string> {
    const { providerReference } = await provider.createCheckout(checkoutRequest());
    const session = standIn.sessions.get(providerReference);
    if (!session) throw new Error("the stand-in did not store the session");
    session.status = status;
    session.payment_status = paymentStatus;
    if (status !== "open") session.url = null;
    standIn.requests.length = 0;
    return providerReference;
  }

  it("maps an open session to pending", async () => {
    const id = await sessionIn("open", "unpaid");
    await expect(provider.retrieve(id)).resolves.toEqual({ type: "pending", providerReference: id });
    const sent = onlyRequest();
    expect(sent.method).toBe("GET");
    expect(sent.path).toBe(`/v1/checkout/sessions/${id}`);
  });

  it("maps a complete, paid session to succeeded with Stripe's amount", async () => {
    const id = await sessionIn("complete", "paid");
    await expect(provider.retrieve(id)).resolves.toEqual({ type: "succeeded", providerReference: id, amountCents: 2700 });
  });

  it("maps a complete session whose delayed payment is still unpaid to pending", async () => {
    const id = await sessionIn("complete", "unpaid");
    await expect(provider.retrieve(id)).resolves.toEqual({ type: "pending", providerReference: id });
  });

  it("maps an expired session to expired", async () => {
    const id = await sessionIn("expired", "unpaid");
    await expect(provider.retrieve(id)).resolves.toEqual({ type: "expired", providerReference: id });
  });

  it("surfaces Stripe's 404 for an unknown session as an error, without retrying", async () => {
    const error: unknown = await provider.retrieve("cs_test_does_not_exist").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(error).toMatchObject({ statusCode: 404, code: "resource_missing", message: "No such checkout.session: 'cs_test_does_not_exist'" });
    expect(standIn.requests).toHaveLength(1);
  });
});

describe("refund", () => {
  async function paidSession(): Promise<string> {
    const { providerReference } = await provider.createCheckout(checkoutRequest());
    const session = standIn.sessions.get(providerReference);
    if (!session) throw new Error("the stand-in did not store the session");
    Object.assign(session, { status: "complete", payment_status: "paid", url: null, payment_intent: `pi_${randomBytes(8).toString("hex")}` });
    standIn.requests.length = 0;
    return providerReference;
  }
  const refundRequest = (providerReference: string, amountCents: number) => ({
    providerReference,
    amountCents,
    idempotencyKey: "refund-key-1:payment",
    paymentId: "0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11",
    bookingId: "1b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11",
  });

  it("refunds the session's payment intent through the Refunds API with our amount and idempotency key", async () => {
    const id = await paidSession();
    const result = await provider.refund(refundRequest(id, 1200));
    expect(result).toMatchObject({ status: "succeeded" });
    expect(result.providerReference).toMatch(/^re_/);
    const sent = standIn.requests.find((request) => request.path === "/v1/refunds");
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["idempotency-key"]).toBe("refund-key-1:payment");
    expect(sent?.form.get("payment_intent")).toBe(standIn.sessions.get(id)?.payment_intent);
    expect(sent?.form.get("amount")).toBe("1200");
    expect(sent?.form.get("metadata[payment_id]")).toBe("0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11");
    // The same key again: Stripe answers the first refund, nothing more is refunded.
    await expect(provider.refund(refundRequest(id, 1200))).resolves.toEqual(result);
  });

  it("raises Stripe's refusal (more than was paid), so the caller records nothing", async () => {
    const id = await paidSession();
    await expect(provider.refund({ ...refundRequest(id, 10_000_000), idempotencyKey: "refund-too-much" })).rejects.toThrow(/greater than unrefunded/);
  });
});

describe("expireCheckout", () => {
  it("expires an open session", async () => {
    const { providerReference } = await provider.createCheckout(checkoutRequest());
    await provider.expireCheckout(providerReference);
    expect(standIn.sessions.get(providerReference)?.status).toBe("expired");
  });

  it("counts a session that is no longer open (paid, or expired already) as closed", async () => {
    const { providerReference } = await provider.createCheckout(checkoutRequest());
    const session = standIn.sessions.get(providerReference);
    if (!session) throw new Error("the stand-in did not store the session");
    session.status = "complete";
    session.payment_status = "paid";
    await expect(provider.expireCheckout(providerReference)).resolves.toBeUndefined();
  });

  it("raises a failure that leaves the session open, so that the caller can try again", async () => {
    const { providerReference } = await provider.createCheckout(checkoutRequest());
    standIn.failNextExpires(1);
    await expect(provider.expireCheckout(providerReference)).rejects.toBeInstanceOf(Stripe.errors.StripeError);
    expect(standIn.sessions.get(providerReference)?.status).toBe("open");
    await provider.expireCheckout(providerReference);
    expect(standIn.sessions.get(providerReference)?.status).toBe("expired");
  });
});

describe("a replaced checkout whose expiry fails at Stripe", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("is closed later by the durable job written with the payment's closing", async () => {
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
    const token = newSecretToken();
    await database.db
      .update(bookings)
      .set({ tokenHash: hashToken(token), paymentOption: "credit_card" })
      .where(eq(bookings.id, bookingId));
    const held = await submitBooking(database.db, { bookingId, now: new Date() });
    if (held.outcome !== "held") throw new Error(`not held: ${held.outcome}`);
    const start = Date.now();
    const createAt = (offsetMs: number) =>
      createTestApi(database, { paymentProviders: [provider], now: () => new Date(start + offsetMs) }).services.payments.create({
        bookingId,
        access: { bookingToken: token },
        locale: "en",
      });

    const first = await createAt(0);
    const [firstRow] = await database.db.select().from(payments).where(eq(payments.id, first.uuid));
    const oldSession = firstRow?.providerReference ?? "";
    expect(standIn.sessions.get(oldSession)?.status).toBe("open");

    // The customer comes back a minute later; Stripe fails to expire the old session this time.
    standIn.failNextExpires(1);
    const second = await createAt(60_000);
    const [closed] = await database.db.select().from(payments).where(eq(payments.id, first.uuid));
    expect(closed?.status).toBe("expired");
    expect(standIn.sessions.get(oldSession)?.status).toBe("open");
    const expiryJobs = await database.db.select().from(jobs).where(eq(jobs.kind, expireCheckoutJob));
    const [job] = expiryJobs.filter((candidate) => candidate.payload.providerReference === oldSession);
    expect(job).toMatchObject({ doneAt: null, payload: { provider: "stripe", providerReference: oldSession } });

    const worker = startJobWorker({
      db: database.db,
      handlers: { [expireCheckoutJob]: (payload) => runCheckoutExpiry(new Map([["stripe", provider]]), payload) },
      now: () => new Date(start + 60 * 60_000),
      pollIntervalMs: 3_600_000,
    });
    await worker.runOnce();
    await worker.stop();
    expect(standIn.sessions.get(oldSession)?.status).toBe("expired");
    const [done] = await database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, job?.id ?? ""));
    expect(done?.doneAt).not.toBeNull();
    // The new checkout is untouched and still payable.
    const [secondRow] = await database.db.select().from(payments).where(eq(payments.id, second.uuid));
    expect(standIn.sessions.get(secondRow?.providerReference ?? "")?.status).toBe("open");
  });
});

describe("parseWebhook", () => {
  function sessionObject(overrides: Partial<WireSession> = {}): WireSession {
    const id = `cs_test_${randomBytes(24).toString("hex")}`;
    const created = Math.floor(Date.now() / 1000);
    return {
      id,
      object: "checkout.session",
      mode: "payment",
      status: "complete",
      payment_status: "paid",
      url: null,
      amount_subtotal: 2700,
      amount_total: 2700,
      currency: "eur",
      client_reference_id: "pay_1",
      customer_email: "anna.schmidt@example.test",
      locale: "de",
      metadata: { payment_id: "pay_1", booking_id: "b_1", booking_code: "TF-7K2Q" },
      success_url: "https://booking.example.test/return?outcome=success",
      cancel_url: "https://booking.example.test/return?outcome=cancel",
      created,
      expires_at: created + 31 * 60,
      livemode: false,
      payment_intent: "pi_test_123",
      ...overrides,
    };
  }

  /** A v1 snapshot event exactly as Stripe posts it (pretty-printed, as Stripe sends it). */
  function eventBody(type: string, object: object): string {
    return JSON.stringify(
      {
        id: `evt_test_${randomBytes(12).toString("hex")}`,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
  }

  function signed(payload: string, options: { secret?: string; timestamp?: number } = {}): Headers {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp });
    return new Headers({ "content-type": "application/json; charset=utf-8", "stripe-signature": signature });
  }

  it("maps checkout.session.completed with a paid session to succeeded", async () => {
    const session = sessionObject();
    const body = eventBody("checkout.session.completed", session);
    await expect(provider.parseWebhook(body, signed(body))).resolves.toEqual({ type: "succeeded", providerReference: session.id, amountCents: 2700 });
  });

  it("maps checkout.session.completed without payment required to succeeded", async () => {
    const session = sessionObject({ payment_status: "no_payment_required", amount_subtotal: 0, amount_total: 0 });
    const body = eventBody("checkout.session.completed", session);
    await expect(provider.parseWebhook(body, signed(body))).resolves.toEqual({ type: "succeeded", providerReference: session.id, amountCents: 0 });
  });

  it("maps checkout.session.completed with a delayed payment (unpaid) to pending", async () => {
    const session = sessionObject({ payment_status: "unpaid" });
    const body = eventBody("checkout.session.completed", session);
    await expect(provider.parseWebhook(body, signed(body))).resolves.toEqual({ type: "pending", providerReference: session.id });
  });

  it("maps checkout.session.async_payment_succeeded to succeeded", async () => {
    const session = sessionObject({ amount_subtotal: 5400, amount_total: 5400 });
    const body = eventBody("checkout.session.async_payment_succeeded", session);
    await expect(provider.parseWebhook(body, signed(body))).resolves.toEqual({ type: "succeeded", providerReference: session.id, amountCents: 5400 });
  });

  it("maps checkout.session.async_payment_failed to failed", async () => {
    const session = sessionObject({ payment_status: "unpaid" });
    const body = eventBody("checkout.session.async_payment_failed", session);
    await expect(provider.parseWebhook(body, signed(body))).resolves.toEqual({ type: "failed", providerReference: session.id, reason: "async_payment_failed" });
  });

  it("maps checkout.session.expired to expired", async () => {
    const session = sessionObject({ status: "expired", payment_status: "unpaid" });
    const body = eventBody("checkout.session.expired", session);
    await expect(provider.parseWebhook(body, signed(body))).resolves.toEqual({ type: "expired", providerReference: session.id });
  });

  it("ignores event types the site has no use for", async () => {
    const body = eventBody("payment_intent.succeeded", { id: "pi_test_123", object: "payment_intent", amount: 2700, currency: "eur", status: "succeeded" });
    await expect(provider.parseWebhook(body, signed(body))).resolves.toEqual({ type: "ignored", eventType: "payment_intent.succeeded" });
  });

  it("rejects a body changed after signing", async () => {
    const body = eventBody("checkout.session.completed", sessionObject());
    const headers = signed(body);
    const tampered = body.replace('"amount_total": 2700', '"amount_total": 1');
    expect(tampered).not.toBe(body);
    await expect(provider.parseWebhook(tampered, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("rejects a re-serialized body (the signature covers the raw bytes)", async () => {
    const body = eventBody("checkout.session.completed", sessionObject());
    const headers = signed(body);
    await expect(provider.parseWebhook(JSON.stringify(JSON.parse(body)), headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("rejects a signature made with another secret", async () => {
    const body = eventBody("checkout.session.completed", sessionObject());
    await expect(provider.parseWebhook(body, signed(body, { secret: "whsec_someone_else" }))).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("rejects a signature older than Stripe's five-minute tolerance (replay)", async () => {
    const body = eventBody("checkout.session.completed", sessionObject());
    const headers = signed(body, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 });
    await expect(provider.parseWebhook(body, headers)).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("rejects a request without the stripe-signature header", async () => {
    const body = eventBody("checkout.session.completed", sessionObject());
    await expect(provider.parseWebhook(body, new Headers({ "content-type": "application/json" }))).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});
