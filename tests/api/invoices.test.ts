import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import type { DatabaseHandle } from "../../server/db/client";
import { renderEmail } from "../../server/email";
import { invoicePayloadSchema } from "../../server/deps/email-messages";
import { bookings, events, invoices, jobs, outboxEmails } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import type { InvoiceData } from "../../server/invoices/render-invoice-pdf";
import { sandboxSignatureHeader, sandboxWebhookJob, signSandboxPayload } from "../../server/payments/sandbox-provider";
import { createSandboxTestApi } from "../support/api-client";
import { createHeldCardBooking } from "../support/factories";
import { mainParticipantAnswers } from "../support/booking-answers";
import { createTestDatabase } from "../support/test-database";

/**
 * Invoices as the law expects them (issue 28): every booking that becomes binding gets one (an
 * invoice booking when submitted, a card booking when its first payment succeeds, a call-back request
 * when staff verify it), mailed in the booking's language; numbered per year without gaps (GoBD).
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
const webhookSecret = "whsec_sandbox_test_secret_of_enough_length";

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, webhookSecret);
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.trackDayTwoDays));
});
afterAll(async () => {
  await database.close();
});

const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api.app.request(path, { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

async function bookingRow(id: string) {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error("no booking");
  return row;
}
const invoicesOf = (bookingId: string) => database.db.select().from(invoices).where(eq(invoices.bookingId, bookingId));
const invoiceMailsOf = async (bookingId: string) => {
  const { code } = await bookingRow(bookingId);
  return (await database.db.select().from(outboxEmails).where(eq(outboxEmails.template, "invoice"))).filter(
    (mail) => (mail.payload as { code?: string }).code === code,
  );
};

/** Pays what the booking owes now by card through the sandbox: the hosted page's outcome and its webhook. */
async function payByCard(booking: { bookingId: string; token: string }, result: "complete" | "failed") {
  const created = await api.services.payments.create({ bookingId: booking.bookingId, access: { bookingToken: booking.token }, locale: "en" });
  const checkoutId = created.redirect_url.split("/").at(-1) ?? "";
  const finished = await api.sandbox.finishCheckout(checkoutId, result === "complete" ? { status: "complete" } : { status: "failed", reason: "card declined" });
  if (!finished) throw new Error("checkout was not open");
  const queued = await database.db.select().from(jobs).where(eq(jobs.kind, sandboxWebhookJob));
  const body = String(queued.find((job) => String(job.payload.body).includes(checkoutId))?.payload.body);
  const response = await api.app.request("/api/payment/webhook/sandbox", {
    method: "POST",
    headers: { "content-type": "application/json", [sandboxSignatureHeader]: signSandboxPayload(body, webhookSecret, Math.floor(Date.now() / 1000)) },
    body,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return created;
}

describe("every binding booking gets its invoice", () => {
  it("a card booking when its deposit is paid, once, mailed in its language, saying what was paid", async () => {
    const booking = await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip, { companions: ["non_playing"] });
    await database.db.update(bookings).set({ locale: "de" }).where(eq(bookings.id, booking.bookingId));
    expect(await invoicesOf(booking.bookingId)).toHaveLength(0);
    await payByCard(booking, "failed");
    expect(await invoicesOf(booking.bookingId)).toHaveLength(0);
    expect(await invoiceMailsOf(booking.bookingId)).toHaveLength(0);

    const deposit = await payByCard(booking, "complete");
    expect(deposit.kind).toBe("deposit");
    const row = await bookingRow(booking.bookingId);
    expect(row.status).toBe("confirmed");
    const [invoice, ...more] = await invoicesOf(booking.bookingId);
    expect(more).toHaveLength(0);
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
    const data = invoice?.data as InvoiceData;
    expect(data).toMatchObject({ locale: "de", invoiceNumber: invoice?.number, totalCents: row.totalCents, paidCents: deposit.amount_cents, paidByCard: true });
    expect(data.stillDue).toEqual([{ amountCents: row.totalCents - deposit.amount_cents, dueOn: row.remainderDueOn }]);
    const [mail, ...moreMails] = await invoiceMailsOf(booking.bookingId);
    expect(moreMails).toHaveLength(0);
    expect(mail).toMatchObject({ locale: "de", payload: { invoiceNumber: invoice?.number } });
    // The mail says what was paid by card and what is still due by when, not to transfer the deposit.
    const { text } = await renderEmail({ template: "invoice", payload: invoicePayloadSchema.parse(mail?.payload) }, "de");
    expect(text).toMatch(/Sie haben [\d.,]+\s€ per Karte bezahlt\./);
    expect(text).toMatch(/[\d.,]+\s€ sind noch bis zum \d{1,2}\. ?\S+ 20\d\d fällig\./);
    expect(text).not.toMatch(/überweisen/);

    // The balance paid later: still the one invoice, no second mail.
    const balance = await payByCard(booking, "complete");
    expect(balance.kind).toBe("balance");
    expect((await bookingRow(booking.bookingId)).status).toBe("paid");
    expect(await invoicesOf(booking.bookingId)).toHaveLength(1);
    expect(await invoiceMailsOf(booking.bookingId)).toHaveLength(1);
    // The issued invoice stays as it was: the later payment changes nothing on it.
    expect((await invoicesOf(booking.bookingId))[0]?.data).toEqual(invoice?.data);
  });

  it("a call-back request when staff verify it, with its mail in the booking's language", async () => {
    const headers = { "accept-language": "de-DE" };
    const formId = seedIds.forms.trackDayTwoDays;
    const form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`, headers)).json()).data;
    const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`, headers)).json());
    const byName: Record<string, string | boolean | string[]> = {
      ...mainParticipantAnswers(`sma-${randomUUID().slice(0, 8)}@example.com`),
      vehicles_per_day: ["1:own_car", "2:own_car"],
      "track.experience": "some",
      "track.driving_licence_number": "B072RRE2I55",
      terms: true,
      payment_option: "credit_card",
      sma: "requested",
    };
    for (const page of form.pages) {
      const answers = Object.fromEntries(page.items.filter((item) => item.name in byName).map((item) => [item.uuid, byName[item.name]]));
      const saved = await json("PUT", `/api/booking/public/${opened.data.uuid}/update/${page.uuid}`, { booking_token: opened.booking_token, answers }, headers);
      expect(saved.status, await saved.clone().text()).toBe(200);
    }
    const submitted = await json("POST", `/api/booking/public/${opened.data.uuid}/submit`, { booking_token: opened.booking_token }, headers);
    expect(submitted.status, await submitted.clone().text()).toBe(200);
    const bookingId = opened.data.uuid;
    expect((await bookingRow(bookingId)).status).toBe("in_review");
    expect(await invoicesOf(bookingId)).toHaveLength(0);

    // Staff reach the customer a few days after the request: the transfer's days count from the verification.
    await database.db
      .update(bookings)
      .set({ submittedAt: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(bookings.id, bookingId));
    const staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
    expect((await json("POST", `/api/staff/bookings/${bookingId}/sma/verify`, {}, { authorization: `Bearer ${staffToken}` })).status).toBe(200);
    const [invoice, ...more] = await invoicesOf(bookingId);
    expect(more).toHaveLength(0);
    expect(invoice?.number).toMatch(/^INV-\d{4}-\d{6}$/);
    // The transfer's date is the one the verified booking holds, which every other surface shows.
    const verified = await bookingRow(bookingId);
    expect(verified.depositDueOn).not.toBeNull();
    expect((invoice?.data as unknown as InvoiceData).depositDueOn).toBe(verified.depositDueOn);
    const [mail, ...moreMails] = await invoiceMailsOf(bookingId);
    expect(moreMails).toHaveLength(0);
    expect(mail).toMatchObject({ locale: "de", payload: { invoiceNumber: invoice?.number } });

    // Then paid by card: the money lands on the account; the invoice stands as issued (nothing it says changed).
    await payByCard({ bookingId, token: opened.booking_token ?? "" }, "complete");
    const paid = await bookingRow(bookingId);
    expect(paid.paidCents).toBeGreaterThan(0);
    expect((await invoicesOf(bookingId)).map((row) => [row.kind, row.totalCents])).toEqual([["invoice", paid.totalCents]]);
  });
});

describe("invoice numbers", () => {
  it("count on per year without a gap, a rolled-back issue giving its number back, and start at 1 in a new year", async () => {
    const now = new Date();
    const year = Number(now.toISOString().slice(0, 4));
    const fresh = async () => bookingRow((await createHeldCardBooking(database.db, seedIds.events.golfYogaTrip)).bookingId);
    const numberOf = (invoice: { number: string }) => Number(invoice.number.slice(9));

    const first = await issueInvoice(database.db, await fresh(), now);
    expect(first.number.startsWith(`INV-${year}-`)).toBe(true);
    class RolledBack extends Error {}
    let lost = "";
    const rolledBackBooking = await fresh();
    await expect(
      database.db.transaction(async (tx) => {
        lost = (await issueInvoice(tx, rolledBackBooking, now)).number;
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(numberOf({ number: lost })).toBe(numberOf(first) + 1);
    expect(await invoicesOf(rolledBackBooking.id)).toHaveLength(0);
    const second = await issueInvoice(database.db, await fresh(), now);
    expect(second.number).toBe(lost);
    const third = await issueInvoice(database.db, rolledBackBooking, now);
    expect(numberOf(third)).toBe(numberOf(second) + 1);

    const nextYear = new Date(Date.UTC(year + 1, 2, 1, 12));
    expect((await issueInvoice(database.db, await fresh(), nextYear)).number).toBe(`INV-${year + 1}-000001`);
    expect((await issueInvoice(database.db, await fresh(), nextYear)).number).toBe(`INV-${year + 1}-000002`);
    expect(numberOf(await issueInvoice(database.db, await fresh(), now))).toBe(numberOf(third) + 1);

    // Every number of the year, from the seeded invoice bookings on, one after the other.
    const numbers = (await database.db.select({ number: invoices.number }).from(invoices))
      .map((invoice) => invoice.number)
      .filter((number) => number.startsWith(`INV-${year}-`))
      .map((number) => numberOf({ number }))
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, index) => index + 1));
  });
});
