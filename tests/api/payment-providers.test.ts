import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { refundResponseSchema } from "../../core/contracts/staff-actions";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, jobs, payments, refunds } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createPaymentProviders } from "../../server/payments/provider-registry";
import type { SandboxProvider } from "../../server/payments/sandbox-provider";
import { sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload } from "../../server/payments/sandbox-provider";
import { createTestApi } from "../support/api-client";
import { createHeldCardBooking } from "../support/factories";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-stand-in";
import { createTestDatabase } from "../support/test-database";

/**
 * Two card providers enabled at once (decision 071): Stripe first (the operator's default), then the
 * built-in sandbox. Stripe's HTTP boundary is the loopback stand-in speaking its wire format; its
 * webhooks are signed with the SDK's test helper, the sandbox's with its own secret. A payment through
 * each; each webhook finds its own payment at its own address; the return page asks the provider that
 * took the payment; a refund goes back through that provider only.
 */

const secretKey = "sk_test_two_providers_0123456789";
const stripeWebhookSecret = "whsec_test_two_providers_0123456789";
const sandboxWebhookSecret = "whsec_sandbox_two_providers_secret_long_enough";

let database: DatabaseHandle;
let standIn: StripeStandIn;
let sandbox: SandboxProvider;
let api: ReturnType<typeof createTestApi>;
let staffToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  standIn = await startStripeStandIn(secretKey);
  // The registry main.ts builds from PAYMENT_PROVIDERS=stripe,sandbox.
  const built = createPaymentProviders(["stripe", "sandbox"], {
    db: database.db,
    publicOrigin: "http://site.test",
    now: () => new Date(),
    sandbox: { webhookSecret: sandboxWebhookSecret, webhookDelayMs: 0 },
    stripe: { secretKey, webhookSecret: stripeWebhookSecret, apiBase: { host: "127.0.0.1", port: standIn.port, protocol: "http" } },
  });
  if (!built.sandbox) throw new Error("the sandbox was not built");
  sandbox = built.sandbox;
  api = createTestApi(database, { paymentProviders: [...built.providers.values()] });
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
});
afterAll(async () => {
  await standIn.close();
  await database.close();
});

const post = (client: { app: { request: typeof api.app.request } }, path: string, body: unknown, headers: Record<string, string> = {}) =>
  client.app.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) });

const cardBooking = () => createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });

async function pay(booking: { bookingId: string; token: string }, provider?: string) {
  const response = await post(api, `/api/booking/payment/create/${booking.bookingId}/en`, { booking_token: booking.token, ...(provider ? { provider } : {}) });
  expect(response.status, await response.clone().text()).toBe(200);
  return createPaymentResponseSchema.parse(await response.json()).data;
}

async function paymentRow(id: string) {
  const [row] = await database.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error("no payment");
  return row;
}

const bookingStatus = async (id: string) => (await database.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]?.status;

/** Stripe's customer paid on its hosted page: the session as Stripe then holds it. */
function paidAtStripe(providerReference: string) {
  const session = standIn.sessions.get(providerReference);
  if (!session) throw new Error("the stand-in holds no such session");
  Object.assign(session, { status: "complete", payment_status: "paid", url: null, payment_intent: `pi_${randomBytes(8).toString("hex")}` });
  return session;
}

/** `checkout.session.completed` as Stripe posts it, signed with the webhook secret. */
function stripeWebhook(session: object) {
  const body = JSON.stringify({
    id: `evt_test_${randomBytes(12).toString("hex")}`,
    object: "event",
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: "checkout.session.completed",
  });
  const headers = { "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload: body, secret: stripeWebhookSecret }) };
  return { body, headers };
}

/** The sandbox's customer paid on its hosted page: the webhook it queued, signed. */
async function paidAtSandbox(providerReference: string) {
  if (!(await sandbox.finishCheckout(providerReference, { status: "complete" }))) throw new Error("the sandbox checkout was not open");
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  const body = String(queued.find((job) => String(job.payload.body).includes(providerReference))?.payload.body);
  return { body, headers: { [sandboxSignatureHeader]: signSandboxPayload(body, sandboxWebhookSecret, Math.floor(Date.now() / 1000)) } };
}

const staffRefund = (bookingId: string, amountCents: number) =>
  api.app.request(`/api/staff/bookings/${bookingId}/refund`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${staffToken}` },
    body: JSON.stringify({ amount_cents: amountCents, idempotency_key: `refund-${bookingId}` }),
  });

describe("two card providers enabled at once (decision 071)", () => {
  it("takes a payment through each: the operator's default unless the customer chose another enabled one", async () => {
    expect(api.services.payments.providerNames).toEqual(["stripe", "sandbox"]);
    const byDefault = await pay(await cardBooking());
    expect(byDefault.provider).toBe("stripe");
    expect(byDefault.redirect_url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(await paymentRow(byDefault.uuid)).toMatchObject({ provider: "stripe", method: "card" });

    const chosen = await pay(await cardBooking(), "sandbox");
    expect(chosen.provider).toBe("sandbox");
    expect(chosen.redirect_url).toMatch(/^http:\/\/site\.test\/sandbox-checkout\/sbx_/);
    expect(await paymentRow(chosen.uuid)).toMatchObject({ provider: "sandbox", method: "card" });
  });

  it("refuses a provider the operator did not enable with a localized 422, and writes nothing", async () => {
    const sandboxOnly = createTestApi(database, { paymentProviders: [sandbox] });
    const booking = await cardBooking();
    const auditBefore = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.bookingId));
    for (const [language, message] of [
      ["en", "Card payments through “stripe” are not offered. Please choose one of: sandbox."],
      ["de", "Kartenzahlungen über „stripe“ werden nicht angeboten. Bitte wählen Sie einen dieser Anbieter: sandbox."],
    ] as const) {
      const refused = await post(sandboxOnly, `/api/booking/payment/create/${booking.bookingId}/en`, { booking_token: booking.token, provider: "stripe" }, { "accept-language": language });
      expect(refused.status).toBe(422);
      expect(errorResponseSchema.parse(await refused.json())).toMatchObject({ code: "VALIDATION_FAILED", message });
    }
    // A name of no provider at all is the contract's to refuse.
    const unknown = await post(sandboxOnly, `/api/booking/payment/create/${booking.bookingId}/en`, { booking_token: booking.token, provider: "paypal" });
    expect(unknown.status).toBe(422);
    expect(await database.db.select().from(payments).where(eq(payments.bookingId, booking.bookingId))).toEqual([]);
    expect(await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.bookingId))).toEqual(auditBefore);
    expect(await bookingStatus(booking.bookingId)).toBe("submitted");
    expect(standIn.requests.filter((request) => request.path === "/v1/checkout/sessions" && request.method === "POST")).toHaveLength(1);
    // And the provider not enabled has no webhook address there.
    expect((await post(sandboxOnly, "/api/payment/webhook/stripe", stripeWebhook({}).body)).status).toBe(404);
  });

  it("lets each webhook find its own payment at its own address, and refunds through the provider that took the payment", async () => {
    const throughStripe = await cardBooking();
    const throughSandbox = await cardBooking();
    const stripePayment = await pay(throughStripe);
    const sandboxPayment = await pay(throughSandbox, "sandbox");
    const stripeReference = (await paymentRow(stripePayment.uuid)).providerReference ?? "";
    const sandboxReference = (await paymentRow(sandboxPayment.uuid)).providerReference ?? "";

    const fromStripe = stripeWebhook(paidAtStripe(stripeReference));
    const fromSandbox = await paidAtSandbox(sandboxReference);
    // Each provider's signed event is no event at the other's address.
    expect((await post(api, "/api/payment/webhook/sandbox", fromStripe.body, fromStripe.headers)).status).toBe(400);
    expect((await post(api, "/api/payment/webhook/stripe", fromSandbox.body, fromSandbox.headers)).status).toBe(400);
    expect((await paymentRow(stripePayment.uuid)).status).toBe("pending");
    expect((await paymentRow(sandboxPayment.uuid)).status).toBe("pending");

    const stripeAnswer = await post(api, "/api/payment/webhook/stripe", fromStripe.body, fromStripe.headers);
    expect(await stripeAnswer.json()).toEqual({ received: true, result: "applied" });
    const sandboxAnswer = await post(api, "/api/payment/webhook/sandbox", fromSandbox.body, fromSandbox.headers);
    expect(await sandboxAnswer.json()).toEqual({ received: true, result: "applied" });
    expect(await paymentRow(stripePayment.uuid)).toMatchObject({ status: "succeeded", provider: "stripe" });
    expect(await paymentRow(sandboxPayment.uuid)).toMatchObject({ status: "succeeded", provider: "sandbox" });
    expect(await bookingStatus(throughStripe.bookingId)).toBe("confirmed");
    expect(await bookingStatus(throughSandbox.bookingId)).toBe("confirmed");

    // The Stripe payment goes back through Stripe, for its payment intent.
    const stripeRefundsBefore = standIn.requests.filter((request) => request.path === "/v1/refunds").length;
    const viaStripe = await staffRefund(throughStripe.bookingId, 10_00);
    expect(viaStripe.status, await viaStripe.clone().text()).toBe(200);
    expect(refundResponseSchema.parse(await viaStripe.json()).data.refunds).toEqual([
      expect.objectContaining({ payment_uuid: stripePayment.uuid, amount_cents: 10_00, channel: "provider", provider_reference: expect.stringMatching(/^re_/) }),
    ]);
    const sentToStripe = standIn.requests.filter((request) => request.path === "/v1/refunds");
    expect(sentToStripe).toHaveLength(stripeRefundsBefore + 1);
    expect(sentToStripe.at(-1)?.form.get("payment_intent")).toBe(standIn.sessions.get(stripeReference)?.payment_intent);

    // The sandbox payment goes back through the sandbox: Stripe hears nothing of it.
    const viaSandbox = await staffRefund(throughSandbox.bookingId, 10_00);
    expect(viaSandbox.status, await viaSandbox.clone().text()).toBe(200);
    expect(refundResponseSchema.parse(await viaSandbox.json()).data.refunds).toEqual([
      expect.objectContaining({ payment_uuid: sandboxPayment.uuid, amount_cents: 10_00, channel: "provider", provider_reference: expect.stringMatching(/^sbx_re_/) }),
    ]);
    expect(standIn.requests.filter((request) => request.path === "/v1/refunds")).toHaveLength(stripeRefundsBefore + 1);
    const ledger = await database.db.select().from(refunds).orderBy(asc(refunds.createdAt));
    expect(ledger.filter((row) => [stripePayment.uuid, sandboxPayment.uuid].includes(row.paymentId)).map((row) => row.paymentId)).toEqual([
      stripePayment.uuid,
      sandboxPayment.uuid,
    ]);
  });

  it("asks the provider that took the payment when the customer comes back before its webhook", async () => {
    const booking = await cardBooking();
    const payment = await pay(booking, "sandbox");
    await sandbox.finishCheckout((await paymentRow(payment.uuid)).providerReference ?? "", { status: "complete" });
    const stripeRequestsBefore = standIn.requests.length;
    const returned = await api.services.payments.forReturn(payment.token);
    expect(returned?.payment).toMatchObject({ status: "succeeded", provider: "sandbox" });
    expect(standIn.requests).toHaveLength(stripeRequestsBefore);

    const byStripe = await cardBooking();
    const stripePayment = await pay(byStripe);
    paidAtStripe((await paymentRow(stripePayment.uuid)).providerReference ?? "");
    expect((await api.services.payments.forReturn(stripePayment.token))?.payment).toMatchObject({ status: "succeeded", provider: "stripe" });
    expect(standIn.requests.at(-1)).toMatchObject({ method: "GET", path: expect.stringMatching(/^\/v1\/checkout\/sessions\/cs_test_/) });
  });

  it("keeps in the database only card payments of a provider of the list", async () => {
    const booking = await cardBooking();
    const row = { bookingId: booking.bookingId, kind: "deposit" as const, amountCents: 100, returnTokenHash: randomBytes(16).toString("hex") };
    await expect(database.db.insert(payments).values({ ...row, provider: "paypal", method: "card" })).rejects.toThrow();
    await database.db.insert(payments).values({ ...row, provider: "cash", method: "cash" });
  });
});
