import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { reverseCancellationResponseSchema } from "../../core/contracts/staff-actions";
import { addDays, operatorToday } from "../../core/domain/dates";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { writeAccountFigures } from "../../server/bookings/booking-account";
import { manageLinkToken } from "../../server/bookings/manage-links";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, invoices, outboxEmails, payments } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Staff reverse a customer's cancellation within a day (issue 30, decision 075): the booking stands
 * again as confirmed with its places, the fee gone and what was refunded owed again, its invoice
 * issued anew, audited with the staff member. Refused (409, nothing changed) for a staff
 * cancellation, after a day, when the places are gone, and for a booking that is not cancelled.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
const eventId = seedIds.events.golfYogaTrip;
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;
let staffToken: string;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  // 40 days ahead: the default schedule's 20 %.
  const startsOn = addDays(operatorToday(new Date()), 40);
  await database.db.update(events).set({ startsOn, endsOn: addDays(startsOn, 3), capacity: 500 }).where(eq(events.id, eventId));
});
afterAll(async () => {
  await database.close();
});

const post = (path: string, body: unknown, token: string | null) =>
  api.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "en", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const tokenOf = (bookingId: string) => manageLinkToken(secret, { id: bookingId, manageLinkGeneration: 0 });
const customerCancels = async (bookingId: string) => {
  const preview = (await (await post(`/api/booking/manage/${tokenOf(bookingId)}/cancel/preview`, {}, null)).json()) as { data: { fee_cents: number } };
  const done = await post(`/api/booking/manage/${tokenOf(bookingId)}/cancel`, { fee_cents: preview.data.fee_cents }, null);
  expect(done.status).toBe(200);
};
const reverse = (bookingId: string, token: string | null = staffToken) => post(`/api/staff/bookings/${bookingId}/reverse-cancellation`, {}, token);
const rowOf = async (bookingId: string) => {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error("no booking");
  return row;
};
const placesTaken = async () => (await database.db.select({ taken: events.placesTaken }).from(events).where(eq(events.id, eventId)))[0]?.taken ?? -1;

/** A confirmed booking paid €150.00 by card, with its invoice. */
async function paidBooking() {
  const { bookingId } = await createHeldCardBooking(database.db, eventId, { companions: ["non_playing"] });
  await database.db.insert(payments).values({
    bookingId,
    provider: "sandbox",
    providerReference: `sbx_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
    kind: "balance",
    amountCents: 15_000,
    status: "succeeded",
    receivedOn: operatorToday(new Date()),
    returnTokenHash: hashToken(newSecretToken()),
    succeededAt: new Date(),
  });
  await database.db.update(bookings).set({ status: "confirmed", holdExpiresAt: null }).where(eq(bookings.id, bookingId));
  await writeAccountFigures(database.db, bookingId, new Date(), "test payment");
  await issueInvoice(database.db, await rowOf(bookingId), new Date());
  return rowOf(bookingId);
}

async function refusedUnchanged(bookingId: string, status: number, message: string) {
  const before = await snapshotDatabase(database.db);
  const answer = await reverse(bookingId);
  expect(answer.status).toBe(status);
  expect(errorResponseSchema.parse(await answer.json()).message).toBe(message);
  expect(await snapshotDatabase(database.db)).toEqual(before);
}

describe("staff reverse a customer's cancellation", () => {
  it("within a day: confirmed again with its places, the fee gone, the refund owed again, a new invoice, audited", async () => {
    const booking = await paidBooking();
    const taken = await placesTaken();
    await customerCancels(booking.id);
    const fee = Math.round(booking.totalCents * 0.2);
    expect(await placesTaken()).toBe(taken - booking.placesHeld);

    const answer = await reverse(booking.id);
    expect(answer.status).toBe(200);
    const data = reverseCancellationResponseSchema.parse(await answer.json()).data;
    // Paid €150.00, got €150.00 less the fee back: the fee is what was paid, the rest is owed again.
    expect(data).toMatchObject({ uuid: booking.id, status: "confirmed", places_taken: booking.placesHeld });
    expect(data.account).toMatchObject({ owed_cents: booking.totalCents, net_paid_cents: fee, outstanding_cents: booking.totalCents - fee });
    expect(await rowOf(booking.id)).toMatchObject({ status: "confirmed", placesHeld: booking.placesHeld, cancellationFeeCents: null, paidCents: fee });
    expect(await placesTaken()).toBe(taken);

    const [audit] = await database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.fromStatus, "cancelled"), eq(bookingEvents.toStatus, "confirmed")));
    expect(audit?.details).toMatchObject({ event: "cancellation_reversed", staffEmail: demoAccounts.staff.email, placesTaken: booking.placesHeld });
    // One invoice stands (neither cancelled by a cancellation invoice), for the whole booking again.
    const issued = await database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id));
    const cancelled = new Set(issued.map((invoice) => invoice.cancelsInvoiceId));
    const standing = issued.filter((invoice) => invoice.kind === "invoice" && !cancelled.has(invoice.id));
    expect(standing.map((invoice) => invoice.totalCents)).toEqual([booking.totalCents]);

    // The customer hears of it: confirmed again, and what is owed now (the account after the reversal).
    const mails = await database.db
      .select({ template: outboxEmails.template, locale: outboxEmails.locale, payload: outboxEmails.payload })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.bookingId, booking.id), eq(outboxEmails.template, "cancellation-reversed")));
    expect(mails).toEqual([
      expect.objectContaining({
        locale: booking.locale,
        payload: expect.objectContaining({ account: expect.objectContaining({ owedCents: booking.totalCents, outstandingCents: booking.totalCents - fee }) }),
      }),
    ]);

    // Again: the booking stands, nothing to reverse.
    await refusedUnchanged(booking.id, 409, "This booking is not cancelled: there is nothing to reverse.");
  });

  it("refuses with nothing changed: a staff cancellation, after a day, places gone, not staff", async () => {
    const byStaff = await paidBooking();
    expect((await post(`/api/staff/bookings/${byStaff.id}/cancel`, { refund: "none", notify: false }, staffToken)).status).toBe(200);
    await refusedUnchanged(byStaff.id, 409, "Only a cancellation by the customer can be reversed here.");

    const late = await paidBooking();
    await customerCancels(late.id);
    await database.db
      .update(bookingEvents)
      .set({ at: sql`${bookingEvents.at} - interval '25 hours'` })
      .where(and(eq(bookingEvents.bookingId, late.id), eq(bookingEvents.toStatus, "cancelled")));
    await refusedUnchanged(late.id, 409, "A cancellation by the customer can be reversed within a day only; this one is older.");

    const full = await paidBooking();
    await customerCancels(full.id);
    await database.db.update(events).set({ capacity: sql`${events.placesTaken}` }).where(eq(events.id, eventId));
    await refusedUnchanged(full.id, 409, "The booking's places are no longer free: the cancellation cannot be reversed.");
    await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));

    const before = await snapshotDatabase(database.db);
    expect((await reverse(full.id, null)).status).toBe(401);
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });
});
