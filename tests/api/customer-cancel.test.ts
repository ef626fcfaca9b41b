import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerCancelPreviewResponseSchema, customerCancelResponseSchema } from "../../core/contracts/cancellation";
import { errorResponseSchema } from "../../core/contracts/errors";
import { manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import type { CancellationSchedule } from "../../core/domain/cancellation-schedule";
import { addDays, operatorToday } from "../../core/domain/dates";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { writeAccountFigures } from "../../server/bookings/booking-account";
import { manageLinkToken } from "../../server/bookings/manage-links";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, outboxEmails, payments, refunds } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Cancellation by the customer (issue 30, decision 075) through the manage link's API: the fee is the
 * event's schedule's on the operator's day; the preview is what the cancellation then does (refund by
 * card, transfer money queued for staff, the account after); a refusal (the schedule says no, too
 * late, a changed fee, a second submit) changes nothing.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
const eventId = seedIds.events.golfYogaTrip;
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;

const staffel: CancellationSchedule = {
  customer_may_cancel: true,
  rules: [
    { days_before: 30, fee: { kind: "percent", percent: 20 } },
    { days_before: 14, fee: { kind: "amount", amount_cents: 15_000 } },
    { days_before: 7, fee: { kind: "percent", percent: 100 } },
  ],
};

/** The trip starts `days` days from today (operator's calendar), with this schedule. */
async function eventIn(days: number, schedule: CancellationSchedule = staffel) {
  const startsOn = addDays(operatorToday(new Date()), days);
  await database.db
    .update(events)
    .set({ startsOn, endsOn: addDays(startsOn, 3), cancellationSchedule: schedule, capacity: 500 })
    .where(eq(events.id, eventId));
}

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
});
afterAll(async () => {
  await database.close();
});

const tokenOf = (bookingId: string) => manageLinkToken(secret, { id: bookingId, manageLinkGeneration: 0 });
const post = (path: string, body?: unknown) =>
  api.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "en" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const preview = (bookingId: string) => post(`/api/booking/manage/${tokenOf(bookingId)}/cancel/preview`);
const cancel = (bookingId: string, feeCents: number) => post(`/api/booking/manage/${tokenOf(bookingId)}/cancel`, { fee_cents: feeCents });

/** A confirmed booking of the trip, paid `card` by card (sandbox) and `transfer` by bank transfer, with its invoice. */
async function paidBooking(input: { card?: number; transfer?: number }) {
  const { bookingId } = await createHeldCardBooking(database.db, eventId, { companions: ["non_playing"] });
  const today = operatorToday(new Date());
  if (input.transfer) {
    await database.db.insert(payments).values({
      bookingId,
      provider: "bank_transfer",
      method: "bank_transfer",
      kind: "deposit",
      amountCents: input.transfer,
      status: "succeeded",
      receivedOn: today,
      returnTokenHash: hashToken(newSecretToken()),
      succeededAt: new Date(Date.now() - 1000),
    });
  }
  if (input.card) {
    await database.db.insert(payments).values({
      bookingId,
      provider: "sandbox",
      providerReference: `sbx_${randomUUID().replace(/-/g, "").slice(0, 24)}`,
      kind: "balance",
      amountCents: input.card,
      status: "succeeded",
      receivedOn: today,
      returnTokenHash: hashToken(newSecretToken()),
      succeededAt: new Date(),
    });
  }
  await database.db.update(bookings).set({ status: "confirmed", holdExpiresAt: null }).where(eq(bookings.id, bookingId));
  await writeAccountFigures(database.db, bookingId, new Date(), "test payments");
  const [confirmed] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!confirmed) throw new Error("no booking");
  await issueInvoice(database.db, confirmed, new Date());
  return confirmed;
}

describe("cancellation by the customer", () => {
  it("previews the schedule's fee, then cancels exactly so: card money back through the provider, places released, invoices corrected, a mail", async () => {
    await eventIn(40);
    const booking = await paidBooking({ card: 15_000 });
    const fee = Math.round(booking.totalCents * 0.2);
    const view = manageBookingResponseSchema.parse(await (await api.app.request(`/api/booking/manage/${tokenOf(booking.id)}`)).json()).data;
    expect(view.cancellation).toMatchObject({ allowed: true, fee_cents: fee, fee: { kind: "percent", percent: 20 } });

    const before = await snapshotDatabase(database.db);
    const shown = await preview(booking.id);
    expect(shown.status).toBe(200);
    const figures = customerCancelPreviewResponseSchema.parse(await shown.json()).data;
    expect(await snapshotDatabase(database.db)).toEqual(before);
    expect(figures).toMatchObject({ fee_cents: fee, card_refund_cents: 15_000 - fee, queued_refund_cents: 0 });
    expect(figures.account).toMatchObject({ owed_cents: fee, net_paid_cents: fee, outstanding_cents: 0, credit_cents: 0 });

    const done = await cancel(booking.id, fee);
    expect(done.status).toBe(200);
    const answer = customerCancelResponseSchema.parse(await done.json()).data;
    // Preview = actual.
    expect({ ...answer, status: undefined, waitlist_offers: undefined }).toEqual({ ...figures, status: undefined, waitlist_offers: undefined });

    const [after] = await database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ status: "cancelled", cancellationFeeCents: fee, placesHeld: 0, paidCents: fee });
    const given = await database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(given).toEqual([expect.objectContaining({ amountCents: 15_000 - fee, channel: "provider", staffId: null, staffEmail: "customer" })]);
    const audit = await database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.toStatus, "cancelled")));
    const cancellation = audit.filter((row) => row.fromStatus !== "cancelled");
    expect(cancellation).toHaveLength(1);
    expect(cancellation[0]?.details).toMatchObject({ event: "cancelled_by_customer", by: "customer", feeCents: fee });
    const mails = await database.db.select({ template: outboxEmails.template }).from(outboxEmails).where(eq(outboxEmails.bookingId, booking.id));
    expect(mails.map((mail) => mail.template)).toEqual(expect.arrayContaining(["booking-cancelled", "refund-issued", "invoice-corrected"]));

    // A second submit (a double click, a retry): refused, nothing more happens.
    const snapshot = await snapshotDatabase(database.db);
    const again = await cancel(booking.id, fee);
    expect(again.status).toBe(409);
    expect(errorResponseSchema.parse(await again.json()).message).toBe("This booking has already been cancelled.");
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);
  });

  it("queues transfer money for staff, refunds card money first, and owes the rest of a fee beyond what was paid", async () => {
    await eventIn(20);
    // 14–29 days: a fixed €150.00.
    const mixed = await paidBooking({ transfer: 10_000, card: 8_000 });
    const figures = customerCancelPreviewResponseSchema.parse(await (await preview(mixed.id)).json()).data;
    expect(figures).toMatchObject({ fee_cents: 15_000, card_refund_cents: 3_000, queued_refund_cents: 0 });
    const big = await paidBooking({ transfer: 20_000, card: 2_000 });
    const bigFigures = customerCancelPreviewResponseSchema.parse(await (await preview(big.id)).json()).data;
    expect(bigFigures).toMatchObject({ fee_cents: 15_000, card_refund_cents: 2_000, queued_refund_cents: 5_000 });
    expect(bigFigures.account).toMatchObject({ owed_cents: 15_000, credit_cents: 5_000, payment_state: "overpaid" });
    const done = customerCancelResponseSchema.parse(await (await cancel(big.id, 15_000)).json()).data;
    expect(done.account).toEqual(bigFigures.account);
    const given = await database.db.select().from(refunds).where(eq(refunds.bookingId, big.id));
    expect(given.map((row) => [row.channel, row.amountCents])).toEqual([["provider", 2_000]]);

    const little = await paidBooking({ card: 5_000 });
    const owed = customerCancelPreviewResponseSchema.parse(await (await preview(little.id)).json()).data;
    expect(owed).toMatchObject({ fee_cents: 15_000, card_refund_cents: 0, queued_refund_cents: 0 });
    expect(owed.account).toMatchObject({ owed_cents: 15_000, outstanding_cents: 10_000 });
  });

  it("refuses with no side effect when the schedule says no, when it is too late, and when the fee changed since the preview", async () => {
    await eventIn(40, { customer_may_cancel: false });
    const booking = await paidBooking({ card: 20_000 });
    const view = manageBookingResponseSchema.parse(await (await api.app.request(`/api/booking/manage/${tokenOf(booking.id)}`)).json()).data;
    expect(view.cancellation).toEqual({ allowed: false, reason: "not_by_customer" });
    let snapshot = await snapshotDatabase(database.db);
    for (const response of [await preview(booking.id), await cancel(booking.id, 0)]) {
      expect(response.status).toBe(409);
      expect(errorResponseSchema.parse(await response.json()).message).toBe("This event cannot be cancelled online. Please contact us.");
    }
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);

    await eventIn(5);
    snapshot = await snapshotDatabase(database.db);
    const late = await cancel(booking.id, 20_000);
    expect(late.status).toBe(409);
    expect(errorResponseSchema.parse(await late.json()).message).toBe("It is too late to cancel this booking online. Please contact us.");

    await eventIn(40);
    snapshot = await snapshotDatabase(database.db);
    const stale = await cancel(booking.id, 1);
    expect(stale.status).toBe(409);
    expect(errorResponseSchema.parse(await stale.json()).message).toMatch(/fee has changed/);
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);
  });

  it("a wrong link cancels nothing (404)", async () => {
    await eventIn(40);
    const booking = await paidBooking({ card: 20_000 });
    const snapshot = await snapshotDatabase(database.db);
    const wrong = await post(`/api/booking/manage/${manageLinkToken("another-secret-of-enough-length-12345", { id: booking.id, manageLinkGeneration: 0 })}/cancel`, {
      fee_cents: 0,
    });
    expect(wrong.status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);
  });
});
