import { asc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { errorResponseSchema } from "../../core/contracts/errors";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, jobs, payments, sandboxCheckouts } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createSandboxCheckoutRoutes } from "../../server/payments/sandbox-checkout-routes";
import { sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload, type SandboxProvider } from "../../server/payments/sandbox-provider";
import en from "../../core/i18n/locales/en/common.json";
import de from "../../core/i18n/locales/de/common.json";
import { createSandboxTestApi, createTestApi } from "../support/api-client";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Many payment creations for one booking at the same moment (double clicks, several tabs, a retrying
 * client): a booking has at most one open checkout, exactly one creation hands out a URL and every other
 * answers a clear 409 (`payment_in_progress`), and paying every URL handed out charges once.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let sandbox: SandboxProvider;
let checkoutPages: Hono;
const webhookSecret = "whsec_sandbox_test_secret_of_enough_length";

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, webhookSecret);
  sandbox = api.sandbox;
  checkoutPages = new Hono().route("/sandbox-checkout", createSandboxCheckoutRoutes({ provider: sandbox, now: () => new Date() }));
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
});
afterAll(async () => {
  await database.close();
});

const cardBooking = () => createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });

const createPayment = (bookingId: string, token: string, locale: "en" | "de" = "en") =>
  api.app.request(`/api/booking/payment/create/${bookingId}/${locale}`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": locale },
    body: JSON.stringify({ booking_token: token }),
  });

/** Pays a checkout on the sandbox's hosted page with the card that succeeds, as a browser would. */
async function payOnHostedPage(redirectUrl: string) {
  const path = new URL(redirectUrl).pathname;
  const form = new URLSearchParams({ number: "4242 4242 4242 4242", expiry: "12/39", cvc: "123", holder: "Test Buyer" });
  return checkoutPages.request(`${path}/pay`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() });
}

/** Delivers every webhook the sandbox queued for these checkouts, as its job worker would. */
async function deliverWebhooksOf(checkoutIds: string[]) {
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  for (const job of queued) {
    const body = String(job.payload.body);
    if (!checkoutIds.some((id) => body.includes(id))) continue;
    const response = await api.app.request("/api/payment/webhook/sandbox", {
      method: "POST",
      headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
      body,
    });
    expect(response.status).toBe(200);
  }
}

describe.each([8, 50])("%i parallel payment creations for one booking", (parallel) => {
  it("hand out exactly one URL, answer the rest 409 payment_in_progress; paying every URL handed out charges once", async () => {
    const booking = await cardBooking();
    const responses = await Promise.all(Array.from({ length: parallel }, () => createPayment(booking.bookingId, booking.token)));
    const urls: string[] = [];
    for (const response of responses) {
      if (response.status === 200) {
        urls.push(createPaymentResponseSchema.parse(await response.json()).data.redirect_url);
        continue;
      }
      expect(response.status).toBe(409);
      expect(errorResponseSchema.parse(await response.json())).toMatchObject({
        code: "CONFLICT",
        reason: "payment_in_progress",
        message: en.api.paymentInProgress,
      });
    }
    expect(urls).toHaveLength(1);

    const rows = await database.db.select().from(payments).where(eq(payments.bookingId, booking.bookingId)).orderBy(asc(payments.createdAt));
    expect(rows.filter((row) => row.status === "pending")).toHaveLength(1);
    const checkouts = await database.db.select().from(sandboxCheckouts);
    const ofBooking = checkouts.filter((checkout) => (checkout.metadata as { booking_id?: string }).booking_id === booking.bookingId);
    expect(ofBooking.filter((checkout) => checkout.status === "open")).toHaveLength(1);
    // Every closed payment has its audit row.
    const audit = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.bookingId));
    for (const row of rows.filter((candidate) => candidate.status === "expired")) {
      expect(audit.some((entry) => entry.paymentId === row.id && entry.toStatus === "expired")).toBe(true);
    }

    // The customer pays on every page handed out: only the open one takes the card.
    const paid = await Promise.all(urls.map(payOnHostedPage));
    expect(paid.filter((response) => response.status === 303)).toHaveLength(1);
    for (const refused of paid.filter((response) => response.status !== 303)) {
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("This payment page is closed.");
    }
    await deliverWebhooksOf(ofBooking.map((checkout) => checkout.id));

    const after = await database.db.select().from(payments).where(eq(payments.bookingId, booking.bookingId));
    expect(after.filter((row) => row.status === "succeeded")).toHaveLength(1);
    expect(after.filter((row) => row.status === "refund_pending")).toHaveLength(0);
    const [row] = await database.db.select().from(bookings).where(eq(bookings.id, booking.bookingId));
    expect(row).toMatchObject({ status: "confirmed", paidCents: row?.depositCents });
  });
});

/** Two creations, the second while the first one's checkout is still being made at the provider. */
async function overlappingCreations(booking: { bookingId: string; token: string }, secondNow: () => Date) {
  let second: Response | undefined;
  let started = false;
  const slowProvider: SandboxProvider = {
    ...sandbox,
    createCheckout: async (request) => {
      if (!started) {
        started = true;
        second = await secondApi.app.request(`/api/booking/payment/create/${booking.bookingId}/de`, {
          method: "POST",
          headers: { "content-type": "application/json", "accept-language": "de" },
          body: JSON.stringify({ booking_token: booking.token }),
        });
      }
      return sandbox.createCheckout(request);
    },
  };
  const slowApi = createTestApi(database, { paymentProviders: [slowProvider] });
  const secondApi = createTestApi(database, { paymentProviders: [slowProvider], now: secondNow });
  const first = await slowApi.app.request(`/api/booking/payment/create/${booking.bookingId}/de`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "de" },
    body: JSON.stringify({ booking_token: booking.token }),
  });
  if (!second) throw new Error("the second creation did not run");
  return { first, second };
}

const checkoutsOf = async (bookingId: string) =>
  (await database.db.select().from(sandboxCheckouts)).filter((checkout) => (checkout.metadata as { booking_id?: string }).booking_id === bookingId);

describe("a creation while another one's checkout is being made", () => {
  it("answers a localized 409 payment_in_progress and leaves the first checkout open", async () => {
    const booking = await cardBooking();
    const { first, second } = await overlappingCreations(booking, () => new Date());
    expect(first.status).toBe(200);
    expect(second.status).toBe(409);
    expect(errorResponseSchema.parse(await second.json())).toMatchObject({ reason: "payment_in_progress", message: de.api.paymentInProgress });
    const rows = await database.db.select().from(payments).where(eq(payments.bookingId, booking.bookingId));
    expect(rows.map((row) => row.status)).toEqual(["pending"]);
    expect((await checkoutsOf(booking.bookingId)).map((checkout) => checkout.status)).toEqual(["open"]);
  });
});

describe("sequential creations", () => {
  it("within seconds answer 409; later, or from the failed page's retry button, replace the old checkout", async () => {
    const booking = await cardBooking();
    const start = Date.now();
    const at = (offsetMs: number) => createTestApi(database, { paymentProviders: [sandbox], now: () => new Date(start + offsetMs) });
    const create = (client: ReturnType<typeof createTestApi>, body: Record<string, string>) =>
      client.app.request(`/api/booking/payment/create/${booking.bookingId}/en`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const first = await create(at(0), { booking_token: booking.token });
    expect(first.status).toBe(200);
    const firstToken = createPaymentResponseSchema.parse(await first.json()).data.token;
    // A double click: the page that just opened is the one to pay.
    const doubleClick = await create(at(2_000), { booking_token: booking.token });
    expect(doubleClick.status).toBe(409);
    expect(errorResponseSchema.parse(await doubleClick.json()).reason).toBe("payment_in_progress");
    // Cancelled on the provider's page, the failed page's retry button (the return token) starts again at once.
    const retry = await retryFromFailedPage(at(3_000), booking.bookingId, firstToken);
    expect(retry.status).toBe(200);
    // An abandoned tab: coming back later replaces the checkout.
    const later = await create(at(60_000), { booking_token: booking.token });
    expect(later.status).toBe(200);
    const rows = await database.db.select().from(payments).where(eq(payments.bookingId, booking.bookingId)).orderBy(asc(payments.createdAt));
    expect(rows.map((row) => row.status)).toEqual(["expired", "expired", "pending"]);
    expect((await checkoutsOf(booking.bookingId)).map((checkout) => checkout.status).sort()).toEqual(["expired", "expired", "open"]);
  });
});

/** The failed page's retry button calls the service with the return token of the payment it shows. */
async function retryFromFailedPage(client: ReturnType<typeof createTestApi>, bookingId: string, returnToken: string) {
  try {
    await client.services.payments.create({ bookingId, access: { returnToken }, locale: "en" });
    return { status: 200 };
  } catch (error) {
    return { status: (error as { status?: number }).status ?? 500 };
  }
}

describe("a creation whose payment was closed by a newer one while its checkout was being made", () => {
  it("closes its own checkout at the provider and answers a localized 409", async () => {
    const booking = await cardBooking();
    // The provider is so slow for the first creation that a creation minutes later takes over.
    const { first, second } = await overlappingCreations(booking, () => new Date(Date.now() + 3 * 60_000));
    expect(second.status).toBe(200);
    expect(first.status).toBe(409);
    expect(errorResponseSchema.parse(await first.json()).message).toBe(de.api.paymentReplaced);
    const rows = await database.db.select().from(payments).where(eq(payments.bookingId, booking.bookingId)).orderBy(asc(payments.createdAt));
    expect(rows.map((row) => row.status)).toEqual(["expired", "pending"]);
    // The first payment's checkout was made after it was closed: it is closed at the provider too.
    expect((await checkoutsOf(booking.bookingId)).map((checkout) => checkout.status).sort()).toEqual(["expired", "open"]);
  });
});
