import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import { createPaymentResponseSchema } from "../../core/contracts/payments";
import { cancelPreviewResponseSchema } from "../../core/contracts/staff-actions";
import { staffBookingDetailResponseSchema } from "../../core/contracts/staff-bookings";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { manageLinkToken } from "../../server/bookings/manage-links";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, eventPrices, events, invoices, jobs, outboxEmails, payments, refunds } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { invoicePdfFor } from "../../server/invoices/invoice-pdf-service";
import type { InvoiceData } from "../../server/invoices/render-invoice-pdf";
import { sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload } from "../../server/payments/sandbox-provider";
import { createSandboxTestApi } from "../support/api-client";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * The money review of issue 28 (decisions 067–070), one scenario per finding, on PGlite and on
 * PostgreSQL: what each surface's endpoint answers and which documents the booking has afterwards.
 * After every step the invoices less the cancellation invoices are what the account owes.
 */

const webhookSecret = "whsec_sandbox_test_secret_of_enough_length";
const manageSecret = "test-secret-of-at-least-thirty-two-characters";
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let staffToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, webhookSecret);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
});
afterAll(async () => {
  await database.close();
});

const request = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown, token: string | null = staffToken) =>
  api.app.request(path, {
    method,
    headers: { "content-type": "application/json", "accept-language": "en", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function ok(response: Response): Promise<unknown> {
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

async function row(id: string) {
  const [found] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!found) throw new Error("no booking");
  return found;
}

const documentsOf = async (bookingId: string) =>
  (await database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.createdAt), asc(invoices.number))).map(
    (document) => ({ kind: document.kind, totalCents: document.totalCents, data: document.data as InvoiceData }),
  );

/** The account as the manage page and the staff detail answer it (the same), and the documents adding up to what it owes. */
async function accountOf(bookingId: string) {
  const booking = await row(bookingId);
  const manage = manageBookingResponseSchema.parse(
    await ok(await request("GET", `/api/booking/manage/${manageLinkToken(manageSecret, booking)}`, undefined, null)),
  ).data;
  const detail = staffBookingDetailResponseSchema.parse(await ok(await request("GET", `/api/staff/bookings/${bookingId}`))).data;
  expect(detail.money.account).toEqual(manage.money.account);
  const documents = await documentsOf(bookingId);
  if (documents.length > 0) {
    const invoiced = documents.reduce((sum, document) => sum + (document.kind === "invoice" ? document.totalCents : -document.totalCents), 0);
    expect(invoiced).toBe(manage.money.account.owed_cents);
  }
  // Every document's lines add up to its total.
  for (const document of documents) expect(document.data.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(document.totalCents);
  return { account: manage.money.account, manage, detail, booking, documents };
}

/** A card payment of what the booking asks for, paid at the sandbox and confirmed by its webhook. */
async function payByCard(booking: { bookingId: string; token: string }) {
  const created = createPaymentResponseSchema.parse(
    await ok(await request("POST", `/api/booking/payment/create/${booking.bookingId}/en`, { booking_token: booking.token }, null)),
  ).data;
  const checkoutId = created.redirect_url.split("/").at(-1) ?? "";
  await api.sandbox.finishCheckout(checkoutId, { status: "complete" });
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  const body = String(queued.find((job) => String(job.payload.body).includes(checkoutId))?.payload.body);
  const delivered = await api.app.request("/api/payment/webhook/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
    body,
  });
  expect(delivered.status).toBe(200);
  return created;
}

/** An invoice (bank transfer) booking, submitted and invoiced as the booking form does it. */
async function invoiceBooking() {
  const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
  await database.db
    .update(bookings)
    .set({ tokenHash: hashToken(newSecretToken()), paymentOption: "invoice" })
    .where(eq(bookings.id, bookingId));
  const held = await submitBooking(database.db, { bookingId, now: new Date() });
  if (held.outcome !== "held") throw new Error(held.outcome);
  await issueInvoice(database.db, await row(bookingId), new Date());
  return bookingId;
}

async function removeCompanion(bookingId: string) {
  const view = (await ok(await request("GET", `/api/staff/bookings/${bookingId}/answers`))) as { data: { version: number; companions: { uuid: string }[] } };
  const companion = view.data.companions[0];
  if (!companion) throw new Error("no companion");
  await ok(await request("DELETE", `/api/staff/bookings/${bookingId}/companions/${companion.uuid}?version=${view.data.version}`));
}

describe("finding 1: cancelling an overpaid booking", () => {
  it("keeps at most the total as its fee and leaves the rest as credit to give back, the preview saying the same", async () => {
    const bookingId = await invoiceBooking();
    const total = (await row(bookingId)).totalCents;
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: total, received_on: "2026-01-20" }));
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: 500, received_on: "2026-01-21" }));

    const preview = cancelPreviewResponseSchema.parse(
      await ok(await request("POST", `/api/staff/bookings/${bookingId}/cancel/preview`, { refund: { amount_cents: 200 }, notify: true })),
    ).data;
    expect(preview).toMatchObject({ refund_cents: 200, cancellation_fee_cents: total });
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/cancel`, { refund: { amount_cents: 200 }, notify: true }));
    const after = await accountOf(bookingId);
    expect(after.booking.cancellationFeeCents).toBe(total);
    expect(after.account).toMatchObject({ owed_cents: total, net_paid_cents: total + 300, credit_cents: 300, payment_state: "overpaid" });
    expect(after.documents.map((document) => [document.kind, document.totalCents])).toEqual([
      ["invoice", total],
      ["cancellation", total],
      ["invoice", total],
    ]);

    // The credit given back later changes no fee.
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/refund`, { amount_cents: 300, idempotency_key: `credit-${bookingId}` }));
    const settled = await accountOf(bookingId);
    expect(settled.account).toMatchObject({ owed_cents: total, net_paid_cents: total, credit_cents: 0, payment_state: "paid" });
    expect(settled.documents).toHaveLength(3);
  });

  it("records a card refund made with the cancellation of a booking whose price was lowered after it was paid", async () => {
    const held = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
    await payByCard(held);
    await payByCard(held);
    const paid = await row(held.bookingId);
    expect(paid.status).toBe("paid");
    await removeCompanion(held.bookingId);
    const lowered = await accountOf(held.bookingId);
    expect(lowered.account.credit_cents).toBeGreaterThan(0);

    await ok(await request("POST", `/api/staff/bookings/${held.bookingId}/cancel`, { refund: { amount_cents: 1000 }, notify: true }));
    expect(await database.db.select().from(refunds).where(eq(refunds.bookingId, held.bookingId))).toEqual([expect.objectContaining({ amountCents: 1000 })]);
    const after = await accountOf(held.bookingId);
    expect(after.booking.cancellationFeeCents).toBe(lowered.booking.totalCents);
    expect(after.account).toMatchObject({ owed_cents: lowered.booking.totalCents, refunded_cents: 1000 });
  });
});

/** Opens a checkout of what the booking asks for and pays it at the sandbox; `deliver` brings its webhook. */
async function paidCheckout(booking: { bookingId: string; token: string }) {
  const created = createPaymentResponseSchema.parse(
    await ok(await request("POST", `/api/booking/payment/create/${booking.bookingId}/en`, { booking_token: booking.token }, null)),
  ).data;
  const checkoutId = created.redirect_url.split("/").at(-1) ?? "";
  await api.sandbox.finishCheckout(checkoutId, { status: "complete" });
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  const body = String(queued.find((job) => String(job.payload.body).includes(checkoutId))?.payload.body);
  return async () => {
    const delivered = await api.app.request("/api/payment/webhook/sandbox", {
      method: "POST",
      headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
      body,
    });
    expect(delivered.status).toBe(200);
  };
}

describe("finding 2: giving back a payment kept for refund", () => {
  it("is no price reduction: the booking owes its total, its invoice stands", async () => {
    const held = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
    // Two checkouts of the deposit: the first replaced by the second, then both paid; the late one is kept for refund.
    const first = await paidCheckout(held);
    // Paid in another tab a while later (a checkout made seconds ago is still in progress).
    await database.db.update(payments).set({ createdAt: new Date(Date.now() - 600_000), updatedAt: new Date(Date.now() - 600_000) }).where(eq(payments.bookingId, held.bookingId));
    const second = await paidCheckout(held);
    await first();
    await second();
    const kept = (await database.db.select().from(payments).where(eq(payments.bookingId, held.bookingId))).filter((payment) => payment.status === "refund_pending");
    expect(kept).toHaveLength(1);
    const before = await accountOf(held.bookingId);
    const { totalCents, depositCents } = before.booking;
    expect(before.account).toMatchObject({ paid_cents: 2 * depositCents, owed_cents: totalCents });

    await ok(await request("POST", `/api/staff/bookings/${held.bookingId}/refund`, { payment_uuid: kept[0]?.id, idempotency_key: `kept-${held.bookingId}` }));
    const after = await accountOf(held.bookingId);
    expect(after.booking.creditedCents).toBe(0);
    expect(after.account).toMatchObject({ owed_cents: totalCents, net_paid_cents: depositCents, outstanding_cents: totalCents - depositCents });
    expect(after.documents.map((document) => [document.kind, document.totalCents])).toEqual([["invoice", totalCents]]);
  });
});

describe("finding 3: a booking's price lines", () => {
  it("stay as booked when the price list changes: an edit that changes nothing on the invoice issues nothing, every document adds up", async () => {
    const bookingId = await invoiceBooking();
    const booked = await accountOf(bookingId);
    const lineSum = (lines: readonly { total_cents: number }[]) => lines.reduce((sum, line) => sum + line.total_cents, 0);
    expect(lineSum(booked.detail.money.lines)).toBe(booked.booking.totalCents);
    // The operator raises every price of the trip.
    await database.db
      .update(eventPrices)
      .set({ amountCents: sql`${eventPrices.amountCents} + 10000` })
      .where(eq(eventPrices.eventId, seedIds.events.golfYogaTrip));
    try {
      const later = await accountOf(bookingId);
      expect(later.detail.money.lines).toEqual(booked.detail.money.lines);
      // Staff rename the companion: nothing on the invoice changes, so nothing is issued.
      const view = (await ok(await request("GET", `/api/staff/bookings/${bookingId}/answers`))) as {
        data: { version: number; companions: { uuid: string; surname: string | null }[] };
      };
      const companion = view.data.companions[0];
      await ok(
        await request("PUT", `/api/staff/bookings/${bookingId}/answers`, {
          version: view.data.version,
          answers: {},
          companions: [{ uuid: companion?.uuid, type: "non_playing", forename: "Maximilian", surname: companion?.surname ?? "X" }],
        }),
      );
      const renamed = await accountOf(bookingId);
      expect(renamed.documents.map((document) => document.kind)).toEqual(["invoice"]);
      // A refund (a reduction) reissues the invoice with the booked lines, not today's.
      await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: 5000, received_on: "2026-01-20" }));
      await ok(await request("POST", `/api/staff/bookings/${bookingId}/refund`, { amount_cents: 1000, idempotency_key: `goodwill-${bookingId}` }));
      const reduced = await accountOf(bookingId);
      const replacement = reduced.documents.at(-1);
      expect(replacement?.data.lines.slice(0, -1)).toEqual(booked.documents[0]?.data.lines);
      expect(replacement?.totalCents).toBe(booked.booking.totalCents - 1000);

      // Staff add a companion: the booking is priced again at today's prices, every line of it, and the lines add up.
      const next = (await ok(await request("GET", `/api/staff/bookings/${bookingId}/answers`))) as { data: { version: number } };
      await ok(await request("POST", `/api/staff/bookings/${bookingId}/companions`, { version: next.data.version, type: "non_playing", forename: "Eva", surname: "Muster" }));
      const repriced = await accountOf(bookingId);
      expect(repriced.booking.totalCents).toBeGreaterThan(booked.booking.totalCents + 20000);
      expect(lineSum(repriced.detail.money.lines)).toBe(repriced.booking.totalCents);
    } finally {
      await database.db
        .update(eventPrices)
        .set({ amountCents: sql`${eventPrices.amountCents} - 10000` })
        .where(eq(eventPrices.eventId, seedIds.events.golfYogaTrip));
    }
  });
});

describe("finding 5: a reduction on a booking with two VAT rates", () => {
  it("is shared over the rates in proportion, so no rate's VAT is wrong and the lines add up", async () => {
    const companionPrice = and(eq(eventPrices.eventId, seedIds.events.golfYogaTrip), eq(eventPrices.kind, "companion"));
    await database.db.update(eventPrices).set({ vatRateBasisPoints: 700 }).where(companionPrice);
    try {
      const bookingId = await invoiceBooking();
      const [first] = await documentsOf(bookingId);
      const rates = first?.data.lines.map((line) => line.vatRateBasisPoints);
      expect(rates).toEqual([1900, 700]);
      await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: 5000, received_on: "2026-01-20" }));
      await ok(await request("POST", `/api/staff/bookings/${bookingId}/refund`, { amount_cents: 5000, idempotency_key: `two-rates-${bookingId}` }));
      const after = await accountOf(bookingId);
      const replacement = after.documents.at(-1);
      const reductions = replacement?.data.lines.filter((line) => line.totalCents < 0) ?? [];
      expect(reductions.map((line) => line.vatRateBasisPoints)).toEqual([1900, 700]);
      expect(reductions.reduce((sum, line) => sum + line.totalCents, 0)).toBe(-5000);
      const [participant, companion] = first?.data.lines ?? [];
      const share = Math.round((5000 * (companion?.totalCents ?? 0)) / (first?.totalCents ?? 1));
      expect(Math.abs(Math.abs(reductions[1]?.totalCents ?? 0) - share)).toBeLessThanOrEqual(1);
      expect(participant).toBeDefined();
    } finally {
      await database.db.update(eventPrices).set({ vatRateBasisPoints: 1900 }).where(companionPrice);
    }
  });
});

describe("finding 6: the dashboard's overpaid bookings", () => {
  it("count what is owed after a goodwill reduction, as the account does", async () => {
    const bookingId = await invoiceBooking();
    const total = (await row(bookingId)).totalCents;
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: total, received_on: "2026-01-20" }));
    // €3 given back as goodwill (beyond nothing paid too much: a reduction), then €1 paid too much.
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/refund`, { amount_cents: 300, idempotency_key: `goodwill-six-${bookingId}` }));
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: 100, received_on: "2026-01-22" }));
    const { account } = await accountOf(bookingId);
    expect(account).toMatchObject({ owed_cents: total - 300, credit_cents: 100, payment_state: "overpaid" });
    const dashboard = (await ok(await request("GET", "/api/staff/dashboard"))) as {
      data: { warnings: { overpaid_bookings: { entries: { booking_uuid: string; amount_cents: number }[] } } };
    };
    expect(dashboard.data.warnings.overpaid_bookings.entries.find((entry) => entry.booking_uuid === bookingId)?.amount_cents).toBe(100);
  });
});

describe("finding 7: a request verified after its balance's date", () => {
  it("prints the balance due no earlier than the deposit, as the account has it", async () => {
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
    await database.db.update(bookings).set({ paymentOption: "invoice" }).where(eq(bookings.id, bookingId));
    const held = await submitBooking(database.db, { bookingId, now: new Date() });
    if (held.outcome !== "held") throw new Error(held.outcome);
    // As a call-back request verified late: the transfer's date is after the balance's.
    const booked = await row(bookingId);
    expect(booked.remainderCents).toBeGreaterThan(0);
    await database.db.update(bookings).set({ remainderDueOn: "2026-01-01", depositDueOn: "2026-01-15" }).where(eq(bookings.id, bookingId));
    const { data } = await issueInvoice(database.db, await row(bookingId), new Date());
    const { account } = await accountOf(bookingId);
    expect(account.dues.map((due) => due.due_on)).toEqual(["2026-01-15", "2026-01-15"]);
    expect(data.remainderDueOn).toBe("2026-01-15");
  });
});

describe("finding 8a: an invoice issued by a correction that cancels nothing", () => {
  it("is mailed to the customer, and the cancellation's preview says which invoice mail goes out", async () => {
    const bookingId = await invoiceBooking();
    const total = (await row(bookingId)).totalCents;
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/payments`, { amount_cents: total, received_on: "2026-01-20" }));
    // Everything given back as goodwill: nothing is owed, the invoice is cancelled, none issued.
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/refund`, { amount_cents: total, idempotency_key: `all-goodwill-${bookingId}` }));
    expect((await accountOf(bookingId)).documents.map((document) => document.kind)).toEqual(["invoice", "cancellation"]);
    // Nothing standing and nothing kept: the cancellation sends no invoice mail.
    const quiet = cancelPreviewResponseSchema.parse(await ok(await request("POST", `/api/staff/bookings/${bookingId}/cancel/preview`, { refund: "none", notify: true }))).data;
    expect(quiet.also_sent).not.toContain("invoice-corrected");
    // Staff add a companion: the booking owes again, and a new invoice is issued for it.
    const view = (await ok(await request("GET", `/api/staff/bookings/${bookingId}/answers`))) as { data: { version: number } };
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/companions`, { version: view.data.version, type: "non_playing", forename: "Eva", surname: "Muster" }));
    const after = await accountOf(bookingId);
    const issued = after.documents.at(-1);
    expect(after.documents.map((document) => document.kind)).toEqual(["invoice", "cancellation", "invoice"]);
    const mails = await database.db.select().from(outboxEmails).where(eq(outboxEmails.bookingId, bookingId));
    const mailed = mails.filter((mail) => JSON.stringify(mail.payload).includes(issued?.data.invoiceNumber ?? "none"));
    expect(mailed.map((mail) => mail.template)).toEqual(["invoice"]);
  });
});

describe("finding 8b: the invoice download without a document id", () => {
  it("never serves a cancelled invoice: the standing one, or none", async () => {
    const token = newSecretToken();
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
    await database.db.update(bookings).set({ tokenHash: hashToken(token), paymentOption: "invoice" }).where(eq(bookings.id, bookingId));
    const held = await submitBooking(database.db, { bookingId, now: new Date() });
    if (held.outcome !== "held") throw new Error(held.outcome);
    const first = await issueInvoice(database.db, await row(bookingId), new Date());
    expect((await invoicePdfFor(database.db, { bookingId, bookingToken: token }))?.filename).toBe(`${first.number}.pdf`);
    // Cancelled with nothing paid: the invoice is cancelled and nothing is owed.
    await ok(await request("POST", `/api/staff/bookings/${bookingId}/cancel`, { refund: "none", notify: false }));
    expect((await accountOf(bookingId)).documents.map((document) => document.kind)).toEqual(["invoice", "cancellation"]);
    expect(await invoicePdfFor(database.db, { bookingId, bookingToken: token })).toBeNull();
    // The manage page offers no id-less download then; the documents stay listed.
    const { manage } = await accountOf(bookingId);
    expect(manage.has_invoice).toBe(false);
    expect(manage.invoices).toHaveLength(2);
  });
});
