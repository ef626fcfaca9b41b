import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { errorResponseSchema } from "../../core/contracts/errors";
import { hashToken } from "../../server/auth/secrets";
import { expireHold } from "../../server/bookings/expire-hold";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import {
  bookingEvents,
  bookings,
  eventDayResources,
  events,
  forms,
  invoices,
  jobs,
  outboxEmails,
  payments,
  resourceReservations,
  sandboxCheckouts,
} from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload, type SandboxProvider } from "../../server/payments/sandbox-provider";
import { balanceDueJob } from "../../server/payments/balance-due";
import { payLinkToken } from "../../server/payments/pay-links";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { invoicePdfFor } from "../../server/invoices/invoice-pdf-service";
import { createSandboxTestApi, createTestApi } from "../support/api-client";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Card payments through the sandbox provider, over the API: amounts from the server, idempotent
 * fulfilment whatever order and number of webhooks and return-page visits, late payments, refunds.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let sandbox: SandboxProvider;
const webhookSecret = "whsec_sandbox_test_secret_of_enough_length";

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, webhookSecret);
  sandbox = api.sandbox;
  // Room for every booking these tests make (the trip has 24 places).
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
});
afterAll(async () => {
  await database.close();
});

const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

/** A submitted card booking of the golf tournament (≤ 30 days away: full amount) or the trip (deposit), with its token. */
async function cardBooking(event: "trip" | "track" | "golf", options: { resources?: { day: number; key: string }[] } = {}) {
  const eventId = event === "trip" ? seedIds.events.golfYogaTrip : event === "track" ? seedIds.events.trackDayTwoDays : seedIds.events.golfCircleTournament;
  const stock = await database.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, eventId));
  const resources = (options.resources ?? []).map(({ day, key }) => {
    const row = stock.find((candidate) => candidate.day === day && candidate.key === key);
    if (!row) throw new Error(`no ${key} on day ${day}`);
    return { resourceId: row.id, quantity: 1 };
  });
  const booking = await createHeldCardBooking(database.db, eventId, { companions: event === "track" ? [] : ["non_playing"], resources });
  return { ...booking, eventId };
}

async function createPayment(bookingId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return json(`/api/booking/payment/create/${bookingId}/en`, body, headers);
}

/**
 * The customer comes back a minute later (another tab, the booking page again): past the seconds in
 * which a second creation is refused as a double click (decision 008).
 */
const aMinuteLater = () => createTestApi(database, { paymentProviders: [sandbox], now: () => new Date(Date.now() + 60_000) });

async function pay(booking: { bookingId: string; token: string }, client: { app: { request: typeof api.app.request } } = api) {
  const response = await client.app.request(`/api/booking/payment/create/${booking.bookingId}/en`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ booking_token: booking.token }),
  });
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
  return (await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, template))).filter((mail) =>
    JSON.stringify(mail.payload).includes(booking.code ?? "—"),
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
    await database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, expired.bookingId));
    const late = await createPayment(expired.bookingId, { booking_token: expired.token });
    expect(late.status).toBe(409);
    expect(errorResponseSchema.parse(await late.json())).toMatchObject({ reason: "hold_expired" });

    const review = await cardBooking("trip");
    await database.db.update(bookings).set({ status: "in_review", holdExpiresAt: null }).where(eq(bookings.id, review.bookingId));
    expect(errorResponseSchema.parse(await (await createPayment(review.bookingId, { booking_token: review.token })).json())).toMatchObject({
      reason: "in_review",
    });

    const paid = await cardBooking("trip");
    const row = await bookingRow(paid.bookingId);
    await database.db.update(bookings).set({ status: "paid", paidCents: row.totalCents }).where(eq(bookings.id, paid.bookingId));
    expect(errorResponseSchema.parse(await (await createPayment(paid.bookingId, { booking_token: paid.token })).json())).toMatchObject({
      reason: "nothing_due",
    });
  });

  it("confirms a free booking at once: with nothing to pay, no hold runs out", async () => {
    const [template] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfCircleTournament));
    if (!template) throw new Error("the seed has the tournament");
    const copy: typeof events.$inferInsert = { ...template, capacity: 10, placesTaken: 0 };
    delete copy.id;
    delete copy.createdAt;
    delete copy.updatedAt;
    const [event] = await database.db.insert(events).values(copy).returning({ id: events.id });
    if (!event) throw new Error("no event");
    await database.db.insert(forms).values({ eventId: event.id, name: "Free event" });
    const bookingId = await createDraftBooking(database.db, event.id);
    await database.db.update(bookings).set({ paymentOption: "credit_card" }).where(eq(bookings.id, bookingId));
    expect(await submitBooking(database.db, { bookingId, now: new Date() })).toMatchObject({ outcome: "held", holdExpiresAt: null });
    expect(await bookingRow(bookingId)).toMatchObject({ status: "confirmed", totalCents: 0, holdExpiresAt: null });
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
    expect(audit.filter((entry) => entry.subject === "booking").map((entry) => entry.toStatus)).toEqual([
      "submitted",
      "awaiting_payment",
      "confirmed",
      "confirmed",
    ]);
    // The first payment makes the booking binding: one invoice, issued once (issue 28).
    const [invoice, ...moreInvoices] = await database.db.select().from(invoices).where(eq(invoices.bookingId, booking.bookingId));
    expect(moreInvoices).toEqual([]);
    expect(audit.filter((entry) => entry.subject === "booking").at(-1)?.cause).toBe(`invoice ${invoice?.number} issued`);
    expect(await mailsTo("invoice", booking.bookingId)).toHaveLength(1);
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
    await database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.bookingId));
    expect(await expireHold(database.db, booking.bookingId, new Date())).toBe("expired");
    await deliver(await finish(checkoutId, { status: "complete" }));
    const row = await bookingRow(booking.bookingId);
    expect(row).toMatchObject({ status: "confirmed", placesHeld: 1 });
    const [after] = await database.db.select().from(events).where(eq(events.id, booking.eventId));
    expect(after?.placesTaken).toBe(placesBefore);
    const reservations = await database.db.select().from(resourceReservations).where(eq(resourceReservations.bookingId, booking.bookingId));
    expect(reservations.map((reservation) => reservation.releasedAt)).toEqual([null]);
    const causes = (await auditOf(booking.bookingId)).map((entry) => entry.cause);
    expect(causes.at(-2)).toMatch(/after the hold ran out/);
    expect(causes.at(-1)).toMatch(/^invoice INV-\d{4}-\d{6} issued$/);
  });

  it("marks a late payment for refund and tells staff when the places are gone; the booking stays expired", async () => {
    const booking = await cardBooking("trip");
    const { checkoutId } = await pay(booking);
    await database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booking.bookingId));
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

  it("a new payment closes the open checkout of the abandoned tab: its page can no longer be paid", async () => {
    const booking = await cardBooking("golf");
    const first = await pay(booking);
    const second = await pay(booking, aMinuteLater());
    expect(await sandbox.finishCheckout(first.checkoutId, { status: "complete" })).toBeNull();
    const [checkout] = await database.db.select().from(sandboxCheckouts).where(eq(sandboxCheckouts.id, first.checkoutId));
    expect(checkout?.status).toBe("expired");
    await deliver(await finish(second.checkoutId, { status: "complete" }));
    expect((await paymentsOf(booking.bookingId)).map((payment) => payment.status)).toEqual(["expired", "succeeded"]);
    expect((await auditOf(booking.bookingId)).some((entry) => entry.cause === "closed because the customer started a new payment")).toBe(true);
  });

  it("never keeps a second payment of the deposit (paid in another tab just before it was closed): it is marked for refund", async () => {
    const booking = await cardBooking("trip");
    const first = await pay(booking);
    const firstWebhook = await finish(first.checkoutId, { status: "complete" });
    const second = await pay(booking, aMinuteLater());
    await deliver(firstWebhook);
    await deliver(await finish(second.checkoutId, { status: "complete" }));
    const row = await bookingRow(booking.bookingId);
    // The second deposit is held until staff give it back: the account counts it, and lists it first to refund (decision 067).
    expect(row).toMatchObject({ status: "confirmed", paidCents: 2 * row.depositCents });
    expect((await paymentsOf(booking.bookingId)).map((payment) => payment.status)).toEqual(["succeeded", "refund_pending"]);
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

describe("the balance, pay links and invoices", () => {
  const jwtSecret = "test-secret-of-at-least-thirty-two-characters";

  it("schedules the balance-due mail for the due date, mails a pay link that pays the balance, and reminds while unpaid", async () => {
    const booking = await cardBooking("trip");
    await deliver(await finish((await pay(booking)).checkoutId, { status: "complete" }));
    const row = await bookingRow(booking.bookingId);
    const [job] = (await database.db.select().from(jobs).where(eq(jobs.kind, balanceDueJob))).filter(
      (candidate) => candidate.payload.bookingId === booking.bookingId,
    );
    expect(job?.runAt.toISOString()).toBe(`${row.remainderDueOn}T07:00:00.000Z`);

    expect(await api.services.jobs[balanceDueJob]({ bookingId: booking.bookingId }, new Date())).toBe("sent");
    const [first] = await mailsTo("balance-due", booking.bookingId);
    expect(first?.payload).toMatchObject({ amountCents: row.totalCents - row.paidCents, reminder: false });
    const payUrl = String((first?.payload as { payUrl: string }).payUrl);
    const token = payUrl.split("/pay/")[1] ?? "";
    expect(token).toBe(payLinkToken(jwtSecret, booking.bookingId));
    expect(await api.services.jobs[balanceDueJob]({ bookingId: booking.bookingId }, new Date())).toBe("sent");
    expect((await mailsTo("balance-due", booking.bookingId)).map((mail) => (mail.payload as { reminder: boolean }).reminder)).toEqual([false, true]);

    expect((await api.services.payments.payLinkBooking(token))?.id).toBe(booking.bookingId);
    expect(await api.services.payments.payLinkBooking(`${booking.bookingId}.${"A".repeat(43)}`)).toBeNull();
    const other = await cardBooking("trip");
    await expect(api.services.payments.create({ bookingId: other.bookingId, access: { payLink: token }, locale: "en" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });

    const balance = await api.services.payments.create({ bookingId: booking.bookingId, access: { payLink: token }, locale: "en" });
    expect(balance).toMatchObject({ kind: "balance", amount_cents: row.totalCents - row.paidCents });
    await deliver(await finish(balance.redirect_url.split("/").at(-1) ?? "", { status: "complete" }));
    expect((await bookingRow(booking.bookingId)).status).toBe("paid");
    expect(await api.services.jobs[balanceDueJob]({ bookingId: booking.bookingId }, new Date())).toBe("settled");
    expect(await mailsTo("balance-due", booking.bookingId)).toHaveLength(2);
  });

  it("issues one numbered invoice per booking from a snapshot, and shows its PDF only to the owner or the booking's browser", async () => {
    const booking = await cardBooking("trip");
    const row = await bookingRow(booking.bookingId);
    const first = await issueInvoice(database.db, row, new Date());
    const again = await issueInvoice(database.db, row, new Date());
    expect(again.number).toBe(first.number);
    expect(first.number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(first.data).toMatchObject({ bookingCode: row.code, totalCents: row.totalCents, depositCents: row.depositCents, remainderCents: row.remainderCents });
    expect(first.data.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(row.totalCents);
    expect(await database.db.select().from(invoices).where(eq(invoices.bookingId, booking.bookingId))).toHaveLength(1);

    const pdf = await invoicePdfFor(database.db, { bookingId: booking.bookingId, bookingToken: booking.token });
    expect(pdf?.filename).toBe(`${first.number}.pdf`);
    expect(pdf?.pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const other = await cardBooking("trip");
    expect(await invoicePdfFor(database.db, { bookingId: booking.bookingId, bookingToken: other.token })).toBeNull();
    expect(await invoicePdfFor(database.db, { bookingId: booking.bookingId, userId: null })).toBeNull();

    // The seeded invoice bookings of the final have their invoices, numbered one after the other.
    const seeded = await database.db.select().from(invoices);
    expect(new Set(seeded.map((invoice) => invoice.number)).size).toBe(seeded.length);
    expect(seeded.length).toBeGreaterThanOrEqual(5);
  });
});

describe("SMA requests decided by staff", () => {
  /** Through the password and, for staff, the second factor (tests/support/api-client.ts). */
  async function loginAs(account: { email: string; password: string }) {
    return (await api.logIn(account.email, account.password)).access_token;
  }

  async function smaBooking() {
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
    await database.db.update(bookings).set({ paymentOption: "sma", smaStatus: "requested", smaBlocking: true, smaPage: 3 }).where(eq(bookings.id, bookingId));
    const held = await submitBooking(database.db, { bookingId, now: new Date() });
    if (held.outcome !== "held") throw new Error("not held");
    return bookingId;
  }

  const decide = (bookingId: string, decision: string, token: string | null, body: unknown = {}) =>
    json(`/api/staff/bookings/${bookingId}/sma/${decision}`, body, token ? { authorization: `Bearer ${token}` } : {});

  it("are refused without a staff login", async () => {
    const bookingId = await smaBooking();
    expect((await decide(bookingId, "verify", null)).status).toBe(401);
    expect((await decide(bookingId, "verify", await loginAs(demoAccounts.customer))).status).toBe(403);
    expect((await decide(bookingId, "maybe", await loginAs(demoAccounts.staff))).status).toBe(422);
    expect(await bookingRow(bookingId)).toMatchObject({ status: "in_review", smaStatus: "requested" });
  });

  it("verified: confirmed, unblocked, the customer gets a pay link for the deposit; deciding twice is refused", async () => {
    const bookingId = await smaBooking();
    const staff = await loginAs(demoAccounts.staff);
    const verified = await decide(bookingId, "verify", staff, { note: "Called, all fine." });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ data: { uuid: bookingId, status: "confirmed" } });
    const row = await bookingRow(bookingId);
    expect(row).toMatchObject({ status: "confirmed", smaStatus: "verified", smaBlocking: false });
    const [mail] = await mailsTo("sma-verified", bookingId);
    expect(mail?.payload).toMatchObject({ amountCents: row.depositCents });
    const audit = await auditOf(bookingId);
    expect(audit.at(-2)).toMatchObject({ fromStatus: "in_review", toStatus: "confirmed", cause: `SMA request verified by staff ${demoAccounts.staff.email}` });
    // Verified, the request is binding: its invoice, mailed (issue 28).
    expect(audit.at(-1)?.cause).toMatch(/^invoice INV-\d{4}-\d{6} issued$/);
    expect(await mailsTo("invoice", bookingId)).toHaveLength(1);
    expect((await decide(bookingId, "reject", staff)).status).toBe(409);

    const token = String((mail?.payload as { payUrl: string }).payUrl).split("/pay/")[1] ?? "";
    const deposit = await api.services.payments.create({ bookingId, access: { payLink: token }, locale: "en" });
    expect(deposit).toMatchObject({ kind: "deposit", amount_cents: row.depositCents });
    await deliver(await finish(deposit.redirect_url.split("/").at(-1) ?? "", { status: "complete" }));
    expect(await bookingRow(bookingId)).toMatchObject({ status: "confirmed", paidCents: row.depositCents });
  });

  it("rejected: the places go back and the customer is told", async () => {
    const bookingId = await smaBooking();
    const [before] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfYogaTrip));
    const rejected = await decide(bookingId, "reject", await loginAs(demoAccounts.staff), {});
    expect(await rejected.json()).toEqual({ data: { uuid: bookingId, status: "rejected" } });
    expect(await bookingRow(bookingId)).toMatchObject({ status: "rejected", smaStatus: "rejected", placesHeld: 0 });
    const [after] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfYogaTrip));
    expect(after?.placesTaken).toBe((before?.placesTaken ?? 0) - 2);
    expect(await mailsTo("sma-rejected", bookingId)).toHaveLength(1);
    const refused = await createPayment(bookingId, {}, {});
    expect(refused.status).toBe(404);
  });
});
