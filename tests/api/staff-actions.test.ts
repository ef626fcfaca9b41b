import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import {
  bookingEvents,
  bookings,
  eventDayResources,
  events,
  outboxEmails,
  payments,
  refunds,
  resourceReservations,
  waitlistEntries,
} from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { enqueueEmail } from "../../server/deps/enqueue-email";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * The back office's booking actions (issue 13, docs/decisions/030) over the API, on PGlite and on
 * PostgreSQL: each action's effect, its audit row naming the staff member, the customer's mail in
 * their language; refused calls change nothing; two refunds at once; idempotency; who may call.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let staffToken: string;
let adminToken: string;
let customerToken: string;
let staffId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
  const staff = await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password);
  staffToken = staff.access_token;
  customerToken = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  adminToken = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
  staffId = String(JSON.parse(Buffer.from(staffToken.split(".")[1] ?? "", "base64url").toString()).sub);
});
afterAll(async () => {
  await database.close();
});

const call = (method: "GET" | "POST", path: string, body: unknown, token: string | null, headers: Record<string, string> = {}) =>
  api.app.request(path, {
    method,
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(method === "POST" ? { body: JSON.stringify(body) } : {}),
  });
const post = (path: string, body: unknown, token: string | null = staffToken, headers: Record<string, string> = {}) => call("POST", path, body, token, headers);

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error("no booking");
  return row;
}
const auditOf = (bookingId: string) => database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));
const mailsOf = (bookingId: string, template: string) =>
  database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.bookingId, bookingId), eq(outboxEmails.template, template)));

/** A held card booking of the trip in the customer's language `locale`. */
async function heldBooking(
  locale: "en" | "de" = "de",
  eventId: string = seedIds.events.golfYogaTrip,
  resources: { resourceId: string; quantity: number }[] = [],
) {
  const { bookingId } = await createHeldCardBooking(database.db, eventId, { companions: ["non_playing"], resources });
  await database.db.update(bookings).set({ locale }).where(eq(bookings.id, bookingId));
  return bookingId;
}

/** A booking paid by card through the sandbox (a succeeded payment of `amountCents`). */
async function paidBooking(amountCents: number, locale: "en" | "de" = "de") {
  const bookingId = await heldBooking(locale);
  const [payment] = await database.db
    .insert(payments)
    .values({
      bookingId,
      provider: "sandbox",
      providerReference: `sbx_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
      kind: "deposit",
      amountCents,
      status: "succeeded",
      returnTokenHash: hashToken(newSecretToken()),
      succeededAt: new Date(),
    })
    .returning();
  await database.db.update(bookings).set({ status: "confirmed", paidCents: amountCents, holdExpiresAt: null }).where(eq(bookings.id, bookingId));
  if (!payment) throw new Error("no payment");
  return { bookingId, paymentId: payment.id };
}

/** An invoice booking, confirmed at submission. */
async function invoiceBooking() {
  const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
  await database.db.update(bookings).set({ paymentOption: "invoice", locale: "de" }).where(eq(bookings.id, bookingId));
  const submitted = await submitBooking(database.db, { bookingId, now: new Date() });
  if (submitted.outcome !== "held") throw new Error(`not submitted: ${submitted.outcome}`);
  await confirmationMailOf(bookingId);
  return bookingId;
}

/**
 * The confirmation mail the submission writes (submit-draft.ts), stored as mails were before they named
 * their booking: found by the code in its payload.
 */
async function confirmationMailOf(bookingId: string) {
  const booking = await bookingRow(bookingId);
  await enqueueEmail(database.db, {
    template: "booking-received",
    locale: booking.locale,
    to: `buyer-${bookingId.slice(0, 8)}@example.com`,
    payload: {
      name: "Test Buyer",
      code: booking.code ?? "",
      eventTitle: "Golf & yoga trip",
      startsOn: "2026-10-01",
      endsOn: "2026-10-05",
      location: "Mallorca",
      people: [{ name: "Test Buyer", role: "main" }],
      lines: [{ label: "Main participant", amountCents: booking.totalCents }],
      totalCents: booking.totalCents,
      depositCents: booking.totalCents,
      remainderCents: 0,
      remainderDueOn: null,
      paymentOption: "invoice",
      holdExpiresAt: new Date().toISOString(),
      manageUrl: "http://site.test/my-booking/x",
      payUrl: null,
    },
  });
}

/** Every staff call, once: the authorization matrix's rows are built from this. */
const calls: { name: string; method: "GET" | "POST"; path: (uuid: string) => string; body: unknown }[] = [
  { name: "cancel", method: "POST", path: (uuid) => `/api/staff/bookings/${uuid}/cancel`, body: { refund: "none", notify: false } },
  { name: "refund", method: "POST", path: (uuid) => `/api/staff/bookings/${uuid}/refund`, body: { idempotency_key: "matrix-key-1" } },
  { name: "record payment", method: "POST", path: (uuid) => `/api/staff/bookings/${uuid}/payments`, body: { amount_cents: 100, received_on: "2026-01-10" } },
  { name: "list e-mails", method: "GET", path: (uuid) => `/api/staff/bookings/${uuid}/emails`, body: null },
  { name: "resend e-mail", method: "POST", path: (uuid) => `/api/staff/bookings/${uuid}/emails/resend`, body: { outbox_id: randomUUID() } },
  { name: "message", method: "POST", path: (uuid) => `/api/staff/bookings/${uuid}/messages`, body: { subject: "Hi", body: "Text" } },
  { name: "bulk", method: "POST", path: () => "/api/staff/bookings/bulk", body: { action: "resend_confirmation", booking_uuids: [randomUUID()] } },
];

/**
 * Who may call: one row per role. The lead's `admin` role is one more row here.
 * `null` for staff: allowed (the call's own answer, never 401/403).
 */
const roles: { role: string; token: () => string | null; status: number | null }[] = [
  { role: "anonymous", token: () => null, status: 401 },
  { role: "customer", token: () => customerToken, status: 403 },
  { role: "staff", token: () => staffToken, status: null },
  { role: "admin", token: () => adminToken, status: null },
];

describe("authorization: every staff call × every role", () => {
  for (const entry of calls) {
    for (const { role, token, status } of roles) {
      it(`${entry.name} as ${role}`, async () => {
        const bookingId = await heldBooking();
        const before = status === null ? null : await snapshotDatabase(database.db);
        const response = await call(entry.method, entry.path(bookingId), entry.body, token());
        if (status === null) expect([200, 404, 409]).toContain(response.status);
        else {
          expect(response.status).toBe(status);
          expect(await snapshotDatabase(database.db)).toEqual(before);
        }
      });
    }
  }
});

describe("cancel", () => {
  it("frees the places and per-day resources, offers them to the waitlist, audits the staff member and tells the customer in German", async () => {
    const eventId = seedIds.events.trackDayTwoDays;
    const [resource] = await database.db.select().from(eventDayResources).where(eq(eventDayResources.eventId, eventId)).limit(1);
    if (!resource) throw new Error("no resource");
    const bookingId = await heldBooking("de", eventId, [{ resourceId: resource.id, quantity: 1 }]);
    const held = await bookingRow(bookingId);
    // The event is full now, with one party waiting.
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    await database.db
      .update(events)
      .set({ capacity: event?.placesTaken ?? 0 })
      .where(eq(events.id, eventId));
    await database.db.insert(waitlistEntries).values({ eventId, email: "waiting@example.com", name: "Wait Ing", partySize: 1, locale: "en" });
    const usedBefore = (await database.db.select().from(eventDayResources).where(eq(eventDayResources.id, resource.id)))[0]?.used ?? 0;

    const response = await post(`/api/staff/bookings/${bookingId}/cancel`, {
      refund: "full",
      notify: true,
      reason: "Track closed",
      message: "The circuit closed the track for repairs; we are sorry.",
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toMatchObject({
      uuid: bookingId,
      status: "cancelled",
      places_released: held.placesHeld,
      resources_released: 1,
      waitlist_offers: 1,
      refund: null,
    });
    expect(await bookingRow(bookingId)).toMatchObject({ status: "cancelled", placesHeld: 0 });
    expect((await database.db.select().from(eventDayResources).where(eq(eventDayResources.id, resource.id)))[0]?.used).toBe(usedBefore - 1);
    const [reservation] = await database.db.select().from(resourceReservations).where(eq(resourceReservations.bookingId, bookingId));
    expect(reservation?.releasedAt).not.toBeNull();
    const [entry] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "waiting@example.com"));
    expect(entry?.status).toBe("offered");
    const audit = (await auditOf(bookingId)).at(-1);
    expect(audit).toMatchObject({ toStatus: "cancelled", cause: `cancelled by staff ${demoAccounts.staff.email}` });
    expect(audit?.details).toMatchObject({ event: "cancelled_by_staff", staffId, staffEmail: demoAccounts.staff.email, reason: "Track closed" });
    const [mail] = await mailsOf(bookingId, "booking-cancelled");
    expect(mail).toMatchObject({ locale: "de" });
    // The internal note stays in the audit trail; the customer reads only the message written for them (issue 28).
    expect(mail?.payload).toMatchObject({ reason: "The circuit closed the track for repairs; we are sorry.", refundCents: 0 });
    expect(JSON.stringify(mail?.payload)).not.toContain("Track closed");
    expect(String(mail?.payload.manageUrl)).toContain("/my-booking/");

    // Twice: 409, nothing changes.
    const before = await snapshotDatabase(database.db);
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: "none", notify: true })).status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("with a full refund gives back what was paid, and without notify sends nothing", async () => {
    const { bookingId, paymentId } = await paidBooking(5000);
    const response = await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: "full", notify: false });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { refund: { refunded_cents: number; refundable_cents: number } } };
    expect(data.refund).toMatchObject({ refunded_cents: 5000, refundable_cents: 0 });
    const [payment] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
    expect(payment).toMatchObject({ status: "refunded", refundedCents: 5000 });
    expect(await database.db.select().from(outboxEmails).where(eq(outboxEmails.bookingId, bookingId))).toHaveLength(0);
  });

  it("with a partial refund gives back that amount only, the payment refunded in part, and the customer is told in German", async () => {
    const { bookingId, paymentId } = await paidBooking(8000);
    const response = await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: { amount_cents: 2550 }, notify: true, reason: "Rain" });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { status: string; refund: { refunded_cents: number; refundable_cents: number } } };
    expect(data).toMatchObject({ status: "cancelled", refund: { refunded_cents: 2550, refundable_cents: 5450 } });
    expect((await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({ status: "succeeded", refundedCents: 2550 });
    const paymentAudit = (await auditOf(bookingId)).filter((row) => row.subject === "payment");
    expect(paymentAudit.map((row) => row.details?.event)).toEqual(["refunded_in_part"]);
    expect(paymentAudit[0]?.details).toMatchObject({ staffId, staffEmail: demoAccounts.staff.email, amountCents: 2550 });
    expect((await mailsOf(bookingId, "refund-issued")).map((mail) => [mail.locale, mail.payload.amountCents])).toEqual([["de", 2550]]);
    expect((await mailsOf(bookingId, "booking-cancelled")).map((mail) => mail.payload.refundCents)).toEqual([2550]);
    // The rest stays refundable by the refund call.
    const rest = await post(`/api/staff/bookings/${bookingId}/refund`, { idempotency_key: "after-cancel-01" });
    expect(((await rest.json()) as { data: unknown }).data).toMatchObject({ refunded_cents: 5450, refundable_cents: 0 });
  });

  it("with a partial refund and a key: the same call again answers the same and refunds nothing more", async () => {
    const { bookingId } = await paidBooking(6000);
    const body = { refund: { amount_cents: 1000 }, notify: true, idempotency_key: "cancel-key-0001" };
    const first = await post(`/api/staff/bookings/${bookingId}/cancel`, body);
    expect(first.status).toBe(200);
    const firstAnswer = await first.json();
    const before = await snapshotDatabase(database.db);
    const again = await post(`/api/staff/bookings/${bookingId}/cancel`, body);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstAnswer);
    expect(await snapshotDatabase(database.db)).toEqual(before);
    expect(await database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toHaveLength(1);
    // Another key on the cancelled booking is the ordinary refusal.
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { ...body, idempotency_key: "cancel-key-0002" })).status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refused with a partial refund when nothing was paid, with zero or a negative amount: nothing changes", async () => {
    const bookingId = await heldBooking();
    const before = await snapshotDatabase(database.db);
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: { amount_cents: 100 }, notify: true })).status).toBe(409);
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: { amount_cents: 0 }, notify: true })).status).toBe(422);
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: { amount_cents: -100 }, notify: true })).status).toBe(422);
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: { amount_cents: 12.5 }, notify: true })).status).toBe(422);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("refused with an amount beyond what was paid: nothing changes, not even the cancellation", async () => {
    const { bookingId } = await paidBooking(3000);
    const before = await snapshotDatabase(database.db);
    const response = await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: { amount_cents: 3001 }, notify: true });
    expect(response.status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("refund", () => {
  it("in part, then the rest; the payment is tracked and the customer gets a refund mail in German", async () => {
    const { bookingId, paymentId } = await paidBooking(10000);
    const first = await post(`/api/staff/bookings/${bookingId}/refund`, { amount_cents: 2500, reason: "Goodwill", idempotency_key: "refund-part-0001" });
    expect(first.status).toBe(200);
    expect(((await first.json()) as { data: unknown }).data).toMatchObject({ refunded_cents: 2500, refundable_cents: 7500 });
    expect((await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({ status: "succeeded", refundedCents: 2500 });
    const rest = await post(`/api/staff/bookings/${bookingId}/refund`, { idempotency_key: "refund-rest-0001" });
    expect(((await rest.json()) as { data: unknown }).data).toMatchObject({ refunded_cents: 7500, refundable_cents: 0 });
    expect((await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({ status: "refunded", refundedCents: 10000 });
    const paymentAudit = (await auditOf(bookingId)).filter((row) => row.subject === "payment").map((row) => row.details?.event);
    expect(paymentAudit).toEqual(["refunded_in_part", "refund_requested", "refunded"]);
    const staffed = (await auditOf(bookingId)).filter((row) => row.subject === "payment");
    for (const row of staffed) expect(row.details).toMatchObject({ staffId, staffEmail: demoAccounts.staff.email });
    const mails = await mailsOf(bookingId, "refund-issued");
    expect(mails.map((mail) => [mail.locale, mail.payload.amountCents])).toEqual([
      ["de", 2500],
      ["de", 7500],
    ]);
  });

  it("the same key twice refunds once and answers the same", async () => {
    const { bookingId } = await paidBooking(4000);
    const body = { amount_cents: 1000, idempotency_key: "same-key-000001" };
    const first = await (await post(`/api/staff/bookings/${bookingId}/refund`, body)).json();
    const second = await post(`/api/staff/bookings/${bookingId}/refund`, body);
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(first);
    expect(await database.db.select().from(refunds).where(eq(refunds.bookingId, bookingId))).toHaveLength(1);
    expect(await mailsOf(bookingId, "refund-issued")).toHaveLength(1);
  });

  it("two refunds at once never give back more than was paid", async () => {
    const { bookingId, paymentId } = await paidBooking(6000);
    const [a, b] = await Promise.all([
      post(`/api/staff/bookings/${bookingId}/refund`, { amount_cents: 4000, idempotency_key: "concurrent-a-01" }),
      post(`/api/staff/bookings/${bookingId}/refund`, { amount_cents: 4000, idempotency_key: "concurrent-b-01" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]?.refundedCents).toBe(4000);
    const [total] = await database.db
      .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
      .from(refunds)
      .where(eq(refunds.bookingId, bookingId));
    expect(total?.cents).toBe(4000);
  });

  it("over-refund and nothing to refund are refused in the caller's language and change nothing", async () => {
    const { bookingId } = await paidBooking(2000);
    const unpaid = await heldBooking();
    const before = await snapshotDatabase(database.db);
    const over = await post(`/api/staff/bookings/${bookingId}/refund`, { amount_cents: 2001, idempotency_key: "over-refund-01" }, staffToken, {
      "accept-language": "de",
    });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { message: string }).message).toContain("höchstens 20.00 EUR");
    expect((await post(`/api/staff/bookings/${unpaid}/refund`, { idempotency_key: "nothing-paid-01" })).status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("resolves a payment kept for refund (refund_pending → refunded)", async () => {
    const { bookingId, paymentId } = await paidBooking(1500);
    await database.db.update(payments).set({ status: "refund_pending", failureReason: "a second payment", keptForRefund: true }).where(eq(payments.id, paymentId));
    const response = await post(`/api/staff/bookings/${bookingId}/refund`, { idempotency_key: "kept-refund-01" });
    expect(response.status).toBe(200);
    expect((await database.db.select().from(payments).where(eq(payments.id, paymentId)))[0]).toMatchObject({ status: "refunded", refundedCents: 1500 });
    // Money held only to be given back went back: no price reduction (money review, finding 2).
    expect((await bookingRow(bookingId)).creditedCents).toBe(0);
  });
});

describe("record a bank transfer", () => {
  it("in part, then in full and beyond: confirmed → paid, overpayment flagged, a German receipt each time", async () => {
    const bookingId = await invoiceBooking();
    const row = await bookingRow(bookingId);
    expect(row.status).toBe("confirmed");
    const part = await post(`/api/staff/bookings/${bookingId}/payments`, { amount_cents: 1000, received_on: "2026-01-15", reference: "SEPA 123" });
    expect(part.status).toBe(200);
    expect(((await part.json()) as { data: unknown }).data).toMatchObject({ status: "confirmed", paid_cents: 1000, overpaid: false });
    const full = await post(`/api/staff/bookings/${bookingId}/payments`, { amount_cents: row.totalCents - 1000, received_on: "2026-01-20" });
    expect(((await full.json()) as { data: unknown }).data).toMatchObject({ status: "paid", paid_cents: row.totalCents, overpaid: false });
    const extra = await post(`/api/staff/bookings/${bookingId}/payments`, { amount_cents: 500, received_on: "2026-01-21" });
    expect(((await extra.json()) as { data: unknown }).data).toMatchObject({ status: "paid", overpaid: true, overpaid_cents: 500 });
    expect(await bookingRow(bookingId)).toMatchObject({ status: "paid", paidCents: row.totalCents + 500 });
    const audit = (await auditOf(bookingId)).filter((entry) => entry.subject === "booking").slice(-3);
    expect(audit.map((entry) => entry.details?.event)).toEqual(["paid_in_part", "paid_in_full", "paid_beyond_total"]);
    expect(audit[0]?.details).toMatchObject({ staffId, staffEmail: demoAccounts.staff.email, reference: "SEPA 123", receivedOn: "2026-01-15" });
    const mails = await mailsOf(bookingId, "transfer-received");
    expect(mails.map((mail) => mail.locale)).toEqual(["de", "de", "de"]);
  });

  it("is refused for a card booking, changing nothing", async () => {
    const bookingId = await heldBooking();
    const before = await snapshotDatabase(database.db);
    expect((await post(`/api/staff/bookings/${bookingId}/payments`, { amount_cents: 1000, received_on: "2026-01-15" })).status).toBe(409);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("e-mails", () => {
  it("lists the booking's mails, sends one again to the same recipient and audits it; a message is escaped, audited and listed", async () => {
    const bookingId = await invoiceBooking();
    const booking = await bookingRow(bookingId);
    // The confirmation was written before mails named their booking: it is found by its code.
    const listed = await call("GET", `/api/staff/bookings/${bookingId}/emails`, null, staffToken);
    const mails = ((await listed.json()) as { data: { outbox_id: string; template: string; to: string }[] }).data;
    const confirmation = mails.find((mail) => mail.template === "booking-received");
    expect(confirmation).toBeDefined();
    const resent = await post(`/api/staff/bookings/${bookingId}/emails/resend`, { outbox_id: confirmation?.outbox_id });
    expect(resent.status).toBe(200);
    const copy = ((await resent.json()) as { data: { outbox_id: string; to: string; template: string } }).data;
    expect(copy).toMatchObject({ to: confirmation?.to, template: "booking-received" });
    expect(copy.outbox_id).not.toBe(confirmation?.outbox_id);
    expect((await auditOf(bookingId)).at(-1)?.details).toMatchObject({ action: "email_resent", staffId, outboxId: confirmation?.outbox_id });

    const message = await post(`/api/staff/bookings/${bookingId}/messages`, { subject: "Tee time", body: "<b>Hello</b>\n\nSee you at 9." });
    expect(message.status).toBe(200);
    const [sent] = await mailsOf(bookingId, "staff-message");
    expect(sent).toMatchObject({ locale: "de" });
    expect(sent?.payload).toMatchObject({ subject: "Tee time", code: booking.code });
    expect((await auditOf(bookingId)).at(-1)?.details).toMatchObject({ action: "message_sent", staffEmail: demoAccounts.staff.email });
    const after = ((await (await call("GET", `/api/staff/bookings/${bookingId}/emails`, null, staffToken)).json()) as { data: { template: string }[] }).data;
    expect(after.map((mail) => mail.template)).toEqual(expect.arrayContaining(["booking-received", "staff-message"]));

    // Once cancelled, its confirmation ("please transfer the deposit") no longer fits: 409 with the reason, nothing sent.
    expect((await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: "none", notify: false })).status).toBe(200);
    const afterCancel = await snapshotDatabase(database.db);
    const refused = await post(`/api/staff/bookings/${bookingId}/emails/resend`, { outbox_id: confirmation?.outbox_id }, staffToken, {
      "accept-language": "de",
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Die Buchung ist storniert/);
    expect(await snapshotDatabase(database.db)).toEqual(afterCancel);
    // A message still reaches a cancelled booking's customer (what staff write is theirs to send).
    expect((await post(`/api/staff/bookings/${bookingId}/emails/resend`, { outbox_id: sent?.id })).status).toBe(200);

    // A mail of another booking is not this booking's to resend.
    const other = await invoiceBooking();
    const before = await snapshotDatabase(database.db);
    expect((await post(`/api/staff/bookings/${other}/emails/resend`, { outbox_id: sent?.id })).status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});

describe("bulk", () => {
  type BulkAnswer = {
    data: {
      confirmed: boolean;
      results: { uuid: string; outcome: string; code?: string; reason?: string; booking_status: string | null; to?: string | null }[];
    };
  };

  it("cancels each booking on its own and answers per booking; a refusal undoes nothing", async () => {
    const first = await heldBooking();
    const second = await heldBooking();
    await post(`/api/staff/bookings/${second}/cancel`, { refund: "none", notify: false });
    const unknown = randomUUID();
    const response = await post("/api/staff/bookings/bulk", {
      action: "cancel",
      booking_uuids: [first, second, unknown],
      refund: "none",
      notify: true,
      confirm: true,
    });
    expect(response.status).toBe(200);
    const { confirmed, results } = ((await response.json()) as BulkAnswer).data;
    expect(confirmed).toBe(true);
    expect(results).toEqual([
      expect.objectContaining({ uuid: first, outcome: "ok", booking_status: "cancelled" }),
      expect.objectContaining({ uuid: second, outcome: "refused", code: "CONFLICT" }),
      expect.objectContaining({ uuid: unknown, outcome: "refused", code: "NOT_FOUND", booking_status: null }),
    ]);
    expect((await bookingRow(first)).status).toBe("cancelled");
  });

  it("plans first: without confirm nothing is sent; a cancelled and a rejected booking get no confirmation, with the reason", async () => {
    const open = await invoiceBooking();
    const cancelled = await invoiceBooking();
    expect((await post(`/api/staff/bookings/${cancelled}/cancel`, { refund: "none", notify: false })).status).toBe(200);
    // A call-back request (SMA) staff rejected: its confirmation says "we will call you".
    const rejected = await invoiceBooking();
    await database.db.update(bookings).set({ status: "rejected", paymentOption: "sma", smaStatus: "rejected", placesHeld: 0 }).where(eq(bookings.id, rejected));
    const ids = [open, cancelled, rejected];

    const before = await snapshotDatabase(database.db);
    const planned = await post("/api/staff/bookings/bulk", { action: "resend_confirmation", booking_uuids: ids }, staffToken, { "accept-language": "en" });
    expect(planned.status).toBe(200);
    const plan = ((await planned.json()) as BulkAnswer).data;
    expect(plan.confirmed).toBe(false);
    expect(plan.results).toEqual([
      expect.objectContaining({ uuid: open, outcome: "planned", booking_status: "confirmed", to: `buyer-${open.slice(0, 8)}@example.com` }),
      expect.objectContaining({
        uuid: cancelled,
        outcome: "refused",
        code: "CONFLICT",
        booking_status: "cancelled",
        reason: expect.stringMatching(/^The booking is cancelled/),
      }),
      expect.objectContaining({
        uuid: rejected,
        outcome: "refused",
        code: "CONFLICT",
        booking_status: "rejected",
        reason: expect.stringMatching(/^The request was rejected/),
      }),
    ]);
    // Without the confirmation nothing is sent, nothing audited, nothing changed.
    expect(await snapshotDatabase(database.db)).toEqual(before);
    const explicitNo = await post("/api/staff/bookings/bulk", { action: "resend_confirmation", booking_uuids: ids, confirm: false });
    expect(((await explicitNo.json()) as BulkAnswer).data.confirmed).toBe(false);
    expect(await snapshotDatabase(database.db)).toEqual(before);

    const done = await post("/api/staff/bookings/bulk", { action: "resend_confirmation", booking_uuids: ids, confirm: true }, staffToken, {
      "accept-language": "de",
    });
    const { results } = ((await done.json()) as BulkAnswer).data;
    expect(results.map((result) => [result.uuid, result.outcome])).toEqual([
      [open, "ok"],
      [cancelled, "refused"],
      [rejected, "refused"],
    ]);
    expect(results[1]?.reason).toMatch(/^Die Buchung ist storniert/);
    // Only the open booking's customer gets the copy (the copies name their booking; the originals were found by code).
    expect(await mailsOf(open, "booking-received")).toHaveLength(1);
    expect(await mailsOf(cancelled, "booking-received")).toHaveLength(0);
    expect(await mailsOf(rejected, "booking-received")).toHaveLength(0);
    expect((await auditOf(cancelled)).some((row) => row.details?.action === "email_resent")).toBe(false);
    expect((await auditOf(rejected)).some((row) => row.details?.action === "email_resent")).toBe(false);
  });

  it("resends confirmations", async () => {
    const bookingId = await invoiceBooking();
    const response = await post("/api/staff/bookings/bulk", { action: "resend_confirmation", booking_uuids: [bookingId], confirm: true });
    const { results } = ((await response.json()) as BulkAnswer).data;
    expect(results).toEqual([{ uuid: bookingId, outcome: "ok", booking_code: (await bookingRow(bookingId)).code, booking_status: "confirmed" }]);
    // The copy names its booking; the original was found by its code.
    expect(await mailsOf(bookingId, "booking-received")).toHaveLength(1);
    expect((await auditOf(bookingId)).at(-1)?.details).toMatchObject({ action: "email_resent", staffId });
  });
});

describe("refused input", () => {
  it("a bad body answers 422 in the caller's language, an unknown booking 404; neither changes anything", async () => {
    const bookingId = await heldBooking();
    const before = await snapshotDatabase(database.db);
    const bad = await post(`/api/staff/bookings/${bookingId}/cancel`, { refund: "some", notify: "yes" }, staffToken, { "accept-language": "de" });
    expect(bad.status).toBe(422);
    const answer = (await bad.json()) as { message: string; errors: Record<string, string[]> };
    expect(answer.message).toBe("Die Anfrage ist ungültig.");
    expect(Object.keys(answer.errors)).toEqual(expect.arrayContaining(["notify"]));
    expect((await post(`/api/staff/bookings/${bookingId}/messages`, { subject: "x", body: "y".repeat(5001) })).status).toBe(422);
    expect(
      (
        await post("/api/staff/bookings/bulk", {
          action: "cancel",
          booking_uuids: Array.from({ length: 201 }, () => randomUUID()),
          refund: "none",
          notify: false,
        })
      ).status,
    ).toBe(422);
    expect((await post(`/api/staff/bookings/${bookingId}/refund`, { amount_cents: -5, idempotency_key: "negative-01" })).status).toBe(422);
    expect((await post(`/api/staff/bookings/${bookingId}/payments`, { amount_cents: 100, received_on: "15.01.2026" })).status).toBe(422);
    expect((await post(`/api/staff/bookings/${randomUUID()}/cancel`, { refund: "none", notify: false })).status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});
