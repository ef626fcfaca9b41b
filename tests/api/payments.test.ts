import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { errorResponseSchema } from "../../core/contracts/errors";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { expireHold } from "../../server/bookings/expire-hold";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, eventDayResources, events, jobs, outboxEmails, payments, resourceReservations, sandboxCheckouts } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createSandboxProvider, sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload, type SandboxProvider } from "../../server/payments/sandbox-provider";
import { createTestApi } from "../support/api-client";
import { createDraftBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Card payments through the sandbox provider, over the API: amounts from the server, idempotent
 * fulfilment whatever order and number of webhooks and return-page visits, late payments, refunds.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let sandbox: SandboxProvider;
const webhookSecret = "whsec_sandbox_test_secret_of_enough_length";

beforeAll(async () => {
  database = await createTestDatabase();
  sandbox = createSandboxProvider({ db: database.db, publicOrigin: "http://site.test", webhookSecret, webhookDelayMs: 0, now: () => new Date() });
  api = createTestApi(database, { paymentProvider: sandbox });
});
afterAll(async () => {
  await database.close();
});

const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** A submitted card booking of the golf tournament (≤ 30 days away: full amount) or the trip (deposit), with its token. */
async function cardBooking(event: "trip" | "track" | "golf", options: { resources?: { day: number; key: string }[] } = {}) {
  const eventId = event === "trip" ? seedIds.events.golfYogaTrip : event === "track" ? seedIds.events.trackDayTwoDays : seedIds.events.golfCircleTournament;
  const bookingId = await createDraftBooking(database.db, eventId, event === "track" ? [] : ["non_playing"]);
  const token = newSecretToken();
  await database.db.update(bookings).set({ tokenHash: hashToken(token), paymentOption: "credit_card" }).where(eq(bookings.id, bookingId));
  const stock = await database.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, eventId));
  const resources = (options.resources ?? []).map(({ day, key }) => {
    const row = stock.find((candidate) => candidate.day === day && candidate.key === key);
    if (!row) throw new Error(`no ${key} on day ${day}`);
    return { resourceId: row.id, quantity: 1 };
  });
  const held = await submitBooking(database.db, { bookingId, resources, now: new Date() });
  if (held.outcome !== "held") throw new Error(`not held: ${held.outcome}`);
  return { bookingId, token, eventId };
}

async function createPayment(bookingId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return json(`/api/booking/payment/create/${bookingId}/en`, body, headers);
}

async function pay(booking: { bookingId: string; token: string }) {
  const response = await createPayment(booking.bookingId, { booking_token: booking.token });
  if (response.status !== 200) throw new Error(`create answered ${response.status}: ${await response.text()}`);
  const result = createPaymentResponseSchema.parse(await response.json()).data;
  const checkoutId = result.redirect_url.split("/").at(-1) ?? "";
  return { ...result, checkoutId };
}

/** The hosted page's outcome, and the webhook body the sandbox queued for it. */
async function finish(checkoutId: string, result: Parameters<SandboxProvider["finishCheckout"]>[1]) {
  const finished = await sandbox.finishCheckout(checkoutId, result);
  if (!finished) throw new Error("checkout was not open");
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  const job = queued.find((candidate) => String(candidate.payload.body).includes(checkoutId));
  if (!job) throw new Error("no webhook queued");
  return String(job.payload.body);
}

const deliver = (body: string, secret = webhookSecret) =>
  api.app.request("/api/payment/webhook/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxPayload(body, secret, Math.floor(Date.now() / 1000)) },
    body,
  });

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error("no booking");
  return row;
}
const paymentsOf = (bookingId: string) => database.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt));
const auditOf = (bookingId: string) => database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));
const mailsTo = async (template: string, bookingId: string) => {
  const booking = await bookingRow(bookingId);
  return (await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, template))).filter(
    (mail) => JSON.stringify(mail.payload).includes(booking.code ?? "—"),
  );
};

describe("creating a payment", () => {
  it("charges the deposit the server computed, moves the booking to awaiting_payment and answers the hosted page", async () => {
    const booking = await cardBooking("trip");
    const row = await bookingRow(booking.bookingId);
    const result = await pay(booking);
    expect(result).toMatchObject({ kind: "deposit", amount_cents: row.depositCents, currency: "EUR", provider: "sandbox" });
    expect(result.redirect_url).toMatch(/^http:\/\/site\.test\/sandbox-checkout\/sbx_[0-9a-f]{24}$/);
    expect(result.token.length).toBeGreaterThanOrEqual(40);
    expect((await bookingRow(booking.bookingId)).status).toBe("awaiting_payment");
    const [payment] = await paymentsOf(booking.bookingId);
    expect(payment).toMatchObject({ status: "pending", kind: "deposit", amountCents: row.depositCents, providerReference: result.checkoutId });
    expect(payment?.returnTokenHash).toBe(hashToken(result.token));
    const [checkout] = await database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, result.checkoutId));
    expect(checkout).toMatchObject({ amountCents: row.depositCents, currency: "EUR", successUrl: `http://site.test/payment/success/${result.token}` });
    expect(checkout?.metadata).toMatchObject({ payment_id: payment?.id, booking_id: booking.bookingId, booking_code: row.code });
  });

  it("asks for the full amount when the event is 30 days away or closer", async () => {
    const booking = await cardBooking("golf");
    const row = await bookingRow(booking.bookingId);
    expect(row.depositCents).toBe(row.totalCents);
    expect(await pay(booking)).toMatchObject({ kind: "full", amount_cents: row.totalCents });
  });

  it("never takes an amount from the browser, and refuses foreign or missing keys", async () => {
    const booking = await cardBooking("trip");
    const withAmount = await createPayment(booking.bookingId, { booking_token: booking.token, amount_cents: 1 });
    expect(withAmount.status).toBe(422);
    const other = await cardBooking("trip");
    for (const body of [{ booking_token: other.token }, { booking_token: "x".repeat(43) }, {}]) {
      const refused = await createPayment(booking.bookingId, body);
      expect(refused.status).toBe(404);
    }
    const german = await createPayment(booking.bookingId, {}, { "accept-language": "de" });
    expect(errorResponseSchema.parse(await german.json()).message).toBe("Diese Buchung wurde nicht gefunden oder der Link dazu ist ungültig.");
    expect(await paymentsOf(booking.bookingId)).toEqual([]);
    expect((await bookingRow(booking.bookingId)).status).toBe("submitted");
  });

  it("refuses when the hold ran out, when staff still review the request, and when nothing is due", async () => {
    const expired = await cardBooking("trip");
    await database.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.id, expired.bookingId));
    const late = await createPayment(expired.bookingId, { booking_token: expired.token });
    expect(late.status).toBe(409);
    expect(errorResponseSchema.parse(await late.json())).toMatchObject({ reason: "hold_expired" });

    const review = await cardBooking("trip");
    await database.db.update(bookings).set({ status: "in_review", holdExpiresAt: null }).where(eq(bookings.id, review.bookingId));
    expect(errorResponseSchema.parse(await (await createPayment(review.bookingId, { booking_token: review.token })).json())).toMatchObject({ reason: "in_review" });

    const paid = await cardBooking("trip");
    const row = await bookingRow(paid.bookingId);
    await database.db.update(bookings).set({ status: "paid", paidCents: row.totalCents }).where(eq(bookings.id, paid.bookingId));
    expect(errorResponseSchema.parse(await (await createPayment(paid.bookingId, { booking_token: paid.token })).json())).toMatchObject({ reason: "nothing_due" });
  });
});

describe("fulfilment", () => {
  it("confirms once when the same webhook arrives three times at once: one payment, one receipt, one audit entry", async () => {
    const booking = await cardBooking("trip");
    const { checkoutId } = await pay(booking);
    const body = await finish(checkoutId, { status: "complete" });
    const answers = await Promise.all([deliver(body), deliver(body), deliver(body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const results = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { result: string }).result));
    expect(results.filter((result) => result === "applied")).toHaveLength(1);
    expect(results.filter((result) => result === "unchanged")).toHaveLength(2);

    const row = await bookingRow(booking.bookingId);
    expect(row).toMatchObject({ status: "confirmed", paidCents: row.depositCents, holdExpiresAt: null });
    const [payment, ...others] = await paymentsOf(booking.bookingId);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({ status: "succeeded" });
    expect(await mailsTo("payment-received", booking.bookingId)).toHaveLength(1);
    const audit = await auditOf(booking.bookingId);
    expect(audit.filter((entry) => entry.subject === "booking").map((entry) => entry.toStatus)).toEqual(["submitted", "awaiting_payment", "confirmed"]);
    expect(audit.filter((entry) => entry.subject === "payment").map((entry) => entry.toStatus)).toEqual(["pending", "succeeded"]);
    expect(audit.every((entry) => entry.cause.length > 0 && entry.at instanceof Date)).toBe(true);
  });

  it("confirms from the return page before the webhook; the webhook then changes nothing", async () => {
    const booking = await cardBooking("trip");
    const { checkoutId, token } = await pay(booking);
    expect((await api.services.payments.forReturn(token))?.payment.status).toBe("pending");
    const body = await finish(checkoutId, { status: "complete" });
    const [viaReturn, viaReturnAgain] = await Promise.all([api.services.payments.forReturn(token), api.services.payments.forReturn(token)]);
    expect(viaReturn?.payment.status).toBe("succeeded");
    expect(viaReturnAgain?.payment.status).toBe("succeeded");
    expect(await (await deliver(body)).json()).toEqual({ received: true, result: "unchanged" });
    expect((await bookingRow(booking.bookingId)).status).toBe("confirmed");
    expect(await mailsTo("payment-received", booking.bookingId)).toHaveLength(1);
  });

  it("refuses webhooks that are not signed by the sandbox's secret, or tampered with, and changes nothing", async () => {
    const booking = await cardBooking("trip");
    const { checkoutId } = await pay(booking);
    const body = await finish(checkoutId, { status: "complete" });
    expect((await deliver(body, "another-secret")).status).toBe(400);
    const tampered = await api.app.request("/api/payment/webhook/sandbox", {
      method: "POST",
      headers: { [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
      body: body.replace(/"amount_total":\d+/, '"amount_total":1'),
    });
    expect(tampered.status).toBe(400);
    const unsigned = await api.app.request("/api/payment/webhook/sandbox", { method: "POST", body });
    expect(unsigned.status).toBe(400);
    const stale = await api.app.request("/api/payment/webhook/sandbox", {
      method: "POST",
      headers: { [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000) - 3600) },
      body,
    });
    expect(stale.status).toBe(400);
    expect((await api.app.request("/api/payment/webhook/stripe", { method: "POST", body })).status).toBe(404);
    expect((await bookingRow(booking.bookingId)).status).toBe("awaiting_payment");
  });

  it("records a declined card; a retry while the places are held pays with a new payment", async () => {
    const booking = await cardBooking("trip");
    const first = await pay(booking);
    await deliver(await finish(first.checkoutId, { status: "failed", reason: "card_declined" }));
    expect((await bookingRow(booking.bookingId)).status).toBe("awaiting_payment");
    expect((await paymentsOf(booking.bookingId))[0]).toMatchObject({ status: "failed", failureReason: "card_declined" });
    // The failed page's retry button: the return token of the failed payment is the key.
    const retry = await api.services.payments.create({ bookingId: booking.bookingId, access: { returnToken: first.token }, locale: "en" });
    await deliver(await finish(retry.redirect_url.split("/").at(-1) ?? "", { status: "complete" }));
    expect((await bookingRow(booking.bookingId)).status).toBe("confirmed");
    expect((await paymentsOf(booking.bookingId)).map((payment) => payment.status)).toEqual(["failed", "succeeded"]);
  });

  it("still confirms a payment that arrives after the hold ran out while the places and vehicles are free", async () => {
    const booking = await cardBooking("track", { resources: [{ day: 1, key: "street_gt" }] });
    const { checkoutId } = await pay(booking);
    const event = await database.db.select().from(events).where(eq(events.id, booking.eventId));
    const placesBefore = event[0]?.placesTaken ?? 0;
    await database.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.id, booking.bookingId));
    expect(await expireHold(database.db, booking.bookingId, new Date())).toBe("expired");
    await deliver(await finish(checkoutId, { status: "complete" }));
    const row = await bookingRow(booking.bookingId);
    expect(row).toMatchObject({ status: "confirmed", placesHeld: 1 });
    const [after] = await database.db.select().from(events).where(eq(events.id, booking.eventId));
    expect(after?.placesTaken).toBe(placesBefore);
    const reservations = await database.db.select().from(resourceReservations).where(eq(resourceReservations.bookingId, booking.bookingId));
    expect(reservations.map((reservation) => reservation.releasedAt)).toEqual([null]);
    expect((await auditOf(booking.bookingId)).at(-1)?.cause).toMatch(/after the hold ran out/);
  });

  it("marks a late payment for refund and tells staff when the places are gone; the booking stays expired", async () => {
    const booking = await cardBooking("trip");
    const { checkoutId } = await pay(booking);
    await database.db.update(bookings).set({ holdExpiresAt: new Date(Date.now() - 1000) }).where(eq(bookings.id, booking.bookingId));
    await expireHold(database.db, booking.bookingId, new Date());
    const [event] = await database.db.select().from(events).where(eq(events.id, booking.eventId));
    if (!event) throw new Error("no event");
    await database.db.update(events).set({ capacity: event.placesTaken }).where(eq(events.id, event.id));
    try {
      await deliver(await finish(checkoutId, { status: "complete" }));
      expect((await bookingRow(booking.bookingId)).status).toBe("expired");
      expect((await paymentsOf(booking.bookingId))[0]).toMatchObject({ status: "refund_pending" });
      const staff = await mailsTo("payment-refund-needed", booking.bookingId);
      expect(staff).toHaveLength(1);
      expect(staff[0]?.toAddress).toMatch(/@/);
      const [after] = await database.db.select().from(events).where(eq(events.id, event.id));
      expect(after?.placesTaken).toBe(event.placesTaken);
    } finally {
      await database.db.update(events).set({ capacity: event.capacity }).where(eq(events.id, event.id));
    }
  });

  it("never keeps money beyond the total (the full amount paid in two tabs): the second is marked for refund", async () => {
    const booking = await cardBooking("golf");
    const first = await pay(booking);
    const second = await pay(booking);
    await deliver(await finish(first.checkoutId, { status: "complete" }));
    await deliver(await finish(second.checkoutId, { status: "complete" }));
    const row = await bookingRow(booking.bookingId);
    expect(row).toMatchObject({ status: "paid", paidCents: row.totalCents });
    expect((await paymentsOf(booking.bookingId)).map((payment) => payment.status).sort()).toEqual(["refund_pending", "succeeded"]);
    expect(await mailsTo("payment-refund-needed", booking.bookingId)).toHaveLength(1);
  });

  it("takes the balance of a confirmed booking, then the booking is paid", async () => {
    const booking = await cardBooking("trip");
    const deposit = await pay(booking);
    await deliver(await finish(deposit.checkoutId, { status: "complete" }));
    const balance = await pay(booking);
    const row = await bookingRow(booking.bookingId);
    expect(balance).toMatchObject({ kind: "balance", amount_cents: row.totalCents - row.depositCents });
    await deliver(await finish(balance.checkoutId, { status: "complete" }));
    expect(await bookingRow(booking.bookingId)).toMatchObject({ status: "paid", paidCents: row.totalCents });
    expect(await mailsTo("payment-received", booking.bookingId)).toHaveLength(2);
    const after = await createPayment(booking.bookingId, { booking_token: booking.token });
    expect(errorResponseSchema.parse(await after.json())).toMatchObject({ reason: "nothing_due" });
    expect((await paymentsOf(booking.bookingId)).filter((payment) => payment.status === "succeeded")).toHaveLength(2);
  });
});
