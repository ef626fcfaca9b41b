import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companionRemovalPreviewResponseSchema, companionRemovalResponseSchema } from "../../core/contracts/companion-removal";
import { customerCancelPreviewResponseSchema } from "../../core/contracts/cancellation";
import { errorResponseSchema } from "../../core/contracts/errors";
import { manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import type { CancellationSchedule } from "../../core/domain/cancellation-schedule";
import { addDays, operatorToday } from "../../core/domain/dates";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { writeAccountFigures } from "../../server/bookings/booking-account";
import { manageLinkToken } from "../../server/bookings/manage-links";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, invoices, outboxEmails, participants, payments, refunds, waitlistEntries } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import type { InvoiceData } from "../../server/invoices/render-invoice-pdf";
import { createSandboxTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * A customer takes one companion off their booking (issue 30, decision 075 addendum) through the manage
 * link's API: the fee is the schedule's on the companion's share; the preview is what the removal then
 * does (card refund through the sandbox, transfer money queued, the account after); the place goes back,
 * the fee is a price line of its own on the corrected invoice. Refusals change nothing.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
const eventId = seedIds.events.golfYogaTrip;
let database: DatabaseHandle;
let api: ReturnType<typeof createSandboxTestApi>;

async function eventIn(days: number, schedule?: CancellationSchedule) {
  const startsOn = addDays(operatorToday(new Date()), days);
  await database.db
    .update(events)
    .set({ startsOn, endsOn: addDays(startsOn, 3), capacity: 500, ...(schedule ? { cancellationSchedule: schedule } : {}) })
    .where(eq(events.id, eventId));
}

beforeAll(async () => {
  database = await createTestDatabase();
  api = createSandboxTestApi(database, "whsec_sandbox_test_secret_of_enough_length");
});
afterAll(async () => {
  await database.close();
});

const defaultSchedule: CancellationSchedule = {
  customer_may_cancel: true,
  rules: [
    { days_before: 30, fee: { kind: "percent", percent: 20 } },
    { days_before: 14, fee: { kind: "percent", percent: 50 } },
    { days_before: 0, fee: { kind: "percent", percent: 80 } },
  ],
};
const tokenOf = (bookingId: string) => manageLinkToken(secret, { id: bookingId, manageLinkGeneration: 0 });
const post = (path: string, body?: unknown, language = "en") =>
  api.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": language },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const preview = (bookingId: string, companionId: string) => post(`/api/booking/manage/${tokenOf(bookingId)}/companions/${companionId}/preview`);
const remove = (bookingId: string, companionId: string, body: { fee_cents: number; version: number }, language = "en") =>
  post(`/api/booking/manage/${tokenOf(bookingId)}/companions/${companionId}/remove`, body, language);
const messageOf = async (response: Response) => errorResponseSchema.parse(await response.json()).message;

/** A confirmed booking of the trip (main + two golf-playing companions), paid `card` by card (sandbox) and `transfer` by bank transfer, invoiced. */
async function paidBooking(input: { card?: number; transfer?: number; status?: "confirmed" | "paid" }) {
  const { bookingId } = await createHeldCardBooking(database.db, eventId, { companions: ["golf_playing", "golf_playing"] });
  const today = operatorToday(new Date());
  if (input.transfer)
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
  if (input.card)
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
  await database.db.update(bookings).set({ status: "confirmed", holdExpiresAt: null }).where(eq(bookings.id, bookingId));
  await writeAccountFigures(database.db, bookingId, new Date(), "test payments");
  const [confirmed] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!confirmed) throw new Error("no booking");
  await issueInvoice(database.db, confirmed, new Date());
  const people = await database.db.select().from(participants).where(eq(participants.bookingId, bookingId)).orderBy(asc(participants.position));
  const main = people.find((person) => person.role === "main");
  const companions = people.filter((person) => person.role === "companion");
  const share = confirmed.priceLines?.find((line) => line.kind === "companion")?.unitCents ?? 0;
  if (!main || companions.length !== 2 || share === 0) throw new Error("a booking of main + 2 priced companions");
  return { booking: confirmed, main, companions, share };
}
const rowOf = async (bookingId: string) => {
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error("no booking");
  return row;
};
const placesTaken = async () => (await database.db.select({ taken: events.placesTaken }).from(events).where(eq(events.id, eventId)))[0]?.taken ?? 0;

describe("a customer takes one companion off", () => {
  it("previews the schedule's fee on the share, then does exactly that: place back, fee line, card refund in the sandbox, invoice corrected, audit, mail", async () => {
    await eventIn(40, defaultSchedule);
    const { booking, companions, share } = await paidBooking({ card: 1 });
    // Paid in full by card: the removal leaves money to give back.
    await database.db.update(payments).set({ amountCents: booking.totalCents }).where(eq(payments.bookingId, booking.id));
    await writeAccountFigures(database.db, booking.id, new Date(), "paid in full");
    const companion = companions[1]!;
    const fee = Math.round(share * 0.2);

    const view = manageBookingResponseSchema.parse(await (await api.app.request(`/api/booking/manage/${tokenOf(booking.id)}`)).json()).data;
    const listed = view.people.find((person) => person.uuid === companion.id);
    expect(listed?.removal).toMatchObject({ allowed: true, fee_cents: fee, fee: { kind: "percent", percent: 20 } });
    expect(view.people.find((person) => person.role === "main")?.removal).toBeNull();

    const before = await snapshotDatabase(database.db);
    const shown = await preview(booking.id, companion.id);
    expect(shown.status).toBe(200);
    const figures = companionRemovalPreviewResponseSchema.parse(await shown.json()).data;
    expect(await snapshotDatabase(database.db)).toEqual(before);
    const newTotal = booking.totalCents - share + fee;
    expect(figures).toMatchObject({ share_cents: share, fee_cents: fee, total_cents: newTotal, card_refund_cents: share - fee, queued_refund_cents: 0 });
    expect(figures.account).toMatchObject({ owed_cents: newTotal, net_paid_cents: newTotal, outstanding_cents: 0, credit_cents: 0, payment_state: "paid" });

    const taken = await placesTaken();
    const done = await remove(booking.id, companion.id, { fee_cents: fee, version: view.version });
    expect(done.status).toBe(200);
    const answer = companionRemovalResponseSchema.parse(await done.json()).data;
    // Preview = actual.
    const { version, places_released, waitlist_offers, ...figuresDone } = answer;
    expect(figuresDone).toEqual(figures);
    expect({ version, places_released }).toEqual({ version: view.version + 1, places_released: 1 });
    expect(waitlist_offers).toBe(0);

    expect(await placesTaken()).toBe(taken - 1);
    const after = await rowOf(booking.id);
    expect(after).toMatchObject({ status: "paid", totalCents: newTotal, placesHeld: booking.placesHeld - 1, paidCents: newTotal });
    expect(after.depositCents + after.remainderCents).toBe(newTotal);
    expect(after.priceLines?.find((line) => line.kind === "companion")).toMatchObject({ quantity: 1 });
    expect(after.priceLines?.find((line) => line.kind === "cancellation_fee")).toMatchObject({ key: companion.id, totalCents: fee, quantity: 1 });
    expect(await database.db.select().from(participants).where(eq(participants.id, companion.id))).toEqual([]);

    // The refund went out through the sandbox provider.
    const given = await database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(given).toEqual([expect.objectContaining({ amountCents: share - fee, channel: "provider", staffEmail: "customer", status: "succeeded" })]);
    expect(given[0]?.providerReference).toMatch(/^sbx_re_[0-9a-f]{24}$/);

    // The invoice: cancelled and issued anew for the new total, the fee a line of its own.
    const documents = await database.db.select().from(invoices).where(eq(invoices.bookingId, booking.id)).orderBy(asc(invoices.number));
    expect(documents.map((document) => [document.kind, document.totalCents])).toEqual([
      ["invoice", booking.totalCents],
      ["cancellation", booking.totalCents],
      ["invoice", newTotal],
    ]);
    const lines = (documents[2]?.data as InvoiceData).lines;
    expect(lines).toEqual(expect.arrayContaining([expect.objectContaining({ label: expect.stringMatching(/^Cancellation fee: .+ \(companion\)$/), totalCents: fee })]));

    const audit = await database.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.cause, "companion removed by the customer on the manage page")));
    expect(audit.map((row) => row.details)).toEqual([
      expect.objectContaining({ action: "companion_removed_by_customer", companionId: companion.id, feeCents: fee, cardRefundCents: share - fee, placesReleased: 1 }),
    ]);
    const mails = await database.db.select({ template: outboxEmails.template, payload: outboxEmails.payload }).from(outboxEmails).where(eq(outboxEmails.bookingId, booking.id));
    expect(mails.map((mail) => mail.template)).toEqual(expect.arrayContaining(["companion-removed", "refund-issued", "invoice-corrected"]));
    expect(mails.find((mail) => mail.template === "companion-removed")?.payload).toMatchObject({ feeCents: fee, cardRefundCents: share - fee, totalCents: newTotal, invoiceCorrected: true });

    // The same companion again: gone (404), nothing changes.
    const snapshot = await snapshotDatabase(database.db);
    const again = await remove(booking.id, companion.id, { fee_cents: fee, version: version });
    expect(again.status).toBe(404);
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);
  });

  it("queues transfer money for staff and owes the rest when less was paid; a later whole cancellation keeps the companion's fee on top", async () => {
    await eventIn(40, defaultSchedule);
    const { booking, companions, share } = await paidBooking({ transfer: 0, card: 0 });
    // Everything paid by transfer: what goes back stays as credit for staff.
    await database.db.insert(payments).values({
      bookingId: booking.id,
      provider: "bank_transfer",
      method: "bank_transfer",
      kind: "full",
      amountCents: booking.totalCents,
      status: "succeeded",
      receivedOn: operatorToday(new Date()),
      returnTokenHash: hashToken(newSecretToken()),
      succeededAt: new Date(),
    });
    await writeAccountFigures(database.db, booking.id, new Date(), "paid by transfer");
    const fee = Math.round(share * 0.2);
    const figures = companionRemovalPreviewResponseSchema.parse(await (await preview(booking.id, companions[0]!.id)).json()).data;
    expect(figures).toMatchObject({ fee_cents: fee, card_refund_cents: 0, queued_refund_cents: share - fee });
    expect(figures.account).toMatchObject({ credit_cents: share - fee, payment_state: "overpaid" });
    const done = companionRemovalResponseSchema.parse(await (await remove(booking.id, companions[0]!.id, { fee_cents: fee, version: booking.version })).json()).data;
    expect(done.account).toEqual(figures.account);
    expect(await database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
    expect(await rowOf(booking.id)).toMatchObject({ paymentState: "overpaid" });

    // 10 days before: the whole booking at 80 % of the rest, the companion's fee kept in full on top.
    await eventIn(10);
    const after = await rowOf(booking.id);
    const whole = customerCancelPreviewResponseSchema.parse(await (await post(`/api/booking/manage/${tokenOf(booking.id)}/cancel/preview`)).json()).data;
    expect(whole.fee_cents).toBe(Math.round((after.totalCents - fee) * 0.8) + fee);

    // Less paid than owed: nothing goes back, the account owes the rest.
    await eventIn(40);
    const unpaid = await paidBooking({ card: 10_000 });
    const owed = companionRemovalPreviewResponseSchema.parse(await (await preview(unpaid.booking.id, unpaid.companions[0]!.id)).json()).data;
    expect(owed).toMatchObject({ card_refund_cents: 0, queued_refund_cents: 0 });
    expect(owed.account.outstanding_cents).toBe(unpaid.booking.totalCents - unpaid.share + owed.fee_cents - 10_000);
  });

  it("offers the freed place to the waitlist of a full event", async () => {
    await eventIn(40, defaultSchedule);
    const { booking, companions, share } = await paidBooking({ card: 20_000 });
    // The event is full now, with one party of one waiting.
    await database.db.update(events).set({ capacity: await placesTaken() }).where(eq(events.id, eventId));
    await database.db.insert(waitlistEntries).values({ eventId, email: "waiting@example.com", name: "Wait Ing", partySize: 1, locale: "en" });
    const done = await remove(booking.id, companions[0]!.id, { fee_cents: Math.round(share * 0.2), version: booking.version });
    expect(done.status).toBe(200);
    expect(companionRemovalResponseSchema.parse(await done.json()).data).toMatchObject({ places_released: 1, waitlist_offers: 1 });
    const [entry] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, "waiting@example.com"));
    expect(entry?.status).toBe("offered");
    await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  });

  it("keeps the fee line when staff later price the booking again (a staff edit)", async () => {
    await eventIn(40, defaultSchedule);
    const { booking, companions, share } = await paidBooking({ card: 20_000 });
    const fee = Math.round(share * 0.2);
    const done = companionRemovalResponseSchema.parse(await (await remove(booking.id, companions[0]!.id, { fee_cents: fee, version: booking.version })).json()).data;
    const staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
    const edited = await api.app.request(`/api/staff/bookings/${booking.id}/companions/${companions[1]!.id}?version=${done.version}`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${staffToken}`, "accept-language": "en" },
    });
    expect(edited.status).toBe(200);
    const after = await rowOf(booking.id);
    expect(after.priceLines?.filter((line) => line.kind === "cancellation_fee").map((line) => line.totalCents)).toEqual([fee]);
    expect(after.totalCents).toBe(booking.totalCents - 2 * share + fee);
  });

  it("refuses with nothing changed: the main participant, the schedule saying no, too late, a booking not confirmed, a stale version, a changed fee", async () => {
    await eventIn(40, defaultSchedule);
    const { booking, main, companions } = await paidBooking({ card: 20_000 });
    const companion = companions[0]!;
    const fee = companionRemovalPreviewResponseSchema.parse(await (await preview(booking.id, companion.id)).json()).data.fee_cents;
    const refused = async (response: Response, status: number, message: string | RegExp) => {
      expect(response.status).toBe(status);
      const text = await messageOf(response);
      if (typeof message === "string") expect(text).toBe(message);
      else expect(text).toMatch(message);
    };
    let snapshot = await snapshotDatabase(database.db);
    await refused(await preview(booking.id, main.id), 409, /main participant cannot be taken off/);
    await refused(await remove(booking.id, main.id, { fee_cents: 0, version: booking.version }), 409, /main participant cannot be taken off/);
    await refused(await remove(booking.id, randomUUID(), { fee_cents: 0, version: booking.version }), 404, "This companion was not found on the booking.");
    await refused(await remove(booking.id, companion.id, { fee_cents: fee, version: booking.version + 1 }), 409, /changed this booking since you opened it/);
    await refused(await remove(booking.id, companion.id, { fee_cents: fee + 1, version: booking.version }), 409, /fee has changed/);
    // German, for the customer who reads it so.
    const german = await remove(booking.id, main.id, { fee_cents: 0, version: booking.version }, "de");
    expect(german.status).toBe(409);
    expect(await messageOf(german)).toMatch(/Hauptperson kann nicht/);
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);

    await eventIn(40, { customer_may_cancel: false });
    snapshot = await snapshotDatabase(database.db);
    const view = manageBookingResponseSchema.parse(await (await api.app.request(`/api/booking/manage/${tokenOf(booking.id)}`)).json()).data;
    expect(view.people.find((person) => person.uuid === companion.id)?.removal).toEqual({ allowed: false, reason: "not_by_customer" });
    await refused(await preview(booking.id, companion.id), 409, "This event cannot be cancelled online. Please contact us.");
    await refused(await remove(booking.id, companion.id, { fee_cents: 0, version: booking.version }), 409, "This event cannot be cancelled online. Please contact us.");

    await eventIn(-1, defaultSchedule);
    snapshot = await snapshotDatabase(database.db);
    await refused(await remove(booking.id, companion.id, { fee_cents: fee, version: booking.version }), 409, /too late/);
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);

    // A card booking still held (awaiting its payment) is not changed by the customer.
    await eventIn(40, defaultSchedule);
    const { bookingId: held } = await createHeldCardBooking(database.db, eventId, { companions: ["golf_playing"] });
    const [heldCompanion] = await database.db.select().from(participants).where(and(eq(participants.bookingId, held), eq(participants.role, "companion")));
    snapshot = await snapshotDatabase(database.db);
    await refused(await remove(held, heldCompanion!.id, { fee_cents: 0, version: (await rowOf(held)).version }), 409, /only while the booking is confirmed or paid/);
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);
  });
});
