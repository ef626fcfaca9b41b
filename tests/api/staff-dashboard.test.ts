import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffDashboardResponseSchema, type StaffDashboard } from "../../core/contracts/staff-dashboard";
import type { BookingStatus } from "../../core/domain/booking-status";
import { addDays, operatorToday } from "../../core/domain/dates";
import { insertDemoEventCopy } from "../../server/db/demo";
import type { DatabaseHandle } from "../../server/db/client";
import { siteSettings } from "../../server/db/factories/site";
import { bookings, events, payments, waitlistEntries } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { expectMatrixStatus, staffCallerHeaders, staffCallers, type StaffCaller } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";
import { writeAccountFigures } from "../../server/bookings/booking-account";

/**
 * `GET api/staff/dashboard` (issue 13; decision 031): the numbers of an event of the test's own,
 * checked against bookings made here in every state that counts (booked, in review, held by card,
 * expired with a payment to refund, overpaid, overdue), the waitlist, every kind of warning and its
 * cap, the bookings per day (zero-filled) and the titles in German; who may call it.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let headers: Record<StaffCaller, Record<string, string>>;
const now = new Date();
const today = operatorToday(now);
let eventId: string;
let formId: string;
let before: StaffDashboard;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { now: () => now });
  headers = await staffCallerHeaders(api);
  const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", now, siteSettings));
  eventId = copy.eventId;
  formId = copy.formId;
  before = await dashboard();
});
afterAll(async () => {
  await database.close();
});

async function dashboard(locale: "en" | "de" = "en"): Promise<StaffDashboard> {
  const response = await api.get("/api/staff/dashboard", { ...headers.staff, "accept-language": locale });
  expect(response.status, await response.clone().text()).toBe(200);
  return staffDashboardResponseSchema.parse(await response.json()).data;
}

const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
const daysAgo = (days: number) => hoursAgo(days * 24);

/** A booking of the test's event as the engine would have left it in `status`; places it holds go on the event's counter. */
async function insertBooking(input: {
  status: BookingStatus;
  places: number;
  totalCents: number;
  paidCents?: number;
  submittedAt?: Date | null;
  remainderDueOn?: string | null;
  sma?: boolean;
}): Promise<{ id: string; code: string }> {
  const id = randomUUID();
  const code = `D-${id.slice(0, 8).toUpperCase()}`;
  await database.db.insert(bookings).values({
    id,
    code: input.status === "draft" ? null : code,
    formId,
    eventId,
    tokenHash: randomUUID(),
    status: input.status,
    locale: "en",
    paymentOption: input.sma ? "sma" : "credit_card",
    smaStatus: input.sma ? "requested" : "none",
    placesHeld: input.places,
    totalCents: input.totalCents,
    depositCents: Math.round(input.totalCents / 4),
    remainderCents: input.totalCents - Math.round(input.totalCents / 4),
    remainderDueOn: input.remainderDueOn ?? null,
    paidCents: input.paidCents ?? 0,
    holdExpiresAt: input.status === "submitted" || input.status === "awaiting_payment" ? new Date(now.getTime() + 30 * 60_000) : null,
    submittedAt: input.status === "draft" ? null : (input.submittedAt ?? now),
  });
  // What was paid is on the ledger, as the payment verbs leave it; the account writes the row's figures (decision 067).
  if ((input.paidCents ?? 0) > 0) await insertPayment(id, input.paidCents ?? 0, "succeeded");
  else await writeAccountFigures(database.db, id, now, "test booking");
  if (input.places > 0) {
    await database.db
      .update(events)
      .set({ placesTaken: sql`${events.placesTaken} + ${input.places}` })
      .where(eq(events.id, eventId));
  }
  return { id, code };
}

async function insertPayment(bookingId: string, amountCents: number, status: "refund_pending" | "succeeded") {
  const [row] = await database.db
    .insert(payments)
    .values({ bookingId, provider: "sandbox", providerReference: `test-${randomUUID()}`, kind: "deposit", amountCents, status, returnTokenHash: randomUUID() })
    .returning({ id: payments.id });
  await writeAccountFigures(database.db, bookingId, now, "test payment");
  return row?.id ?? "";
}

const eventOf = (board: StaffDashboard) => board.events.find((event) => event.uuid === eventId);

/** One booking in every state the dashboard counts or warns about, and the payments to refund. */
async function makeBookings() {
  const made = {
    paid: await insertBooking({ status: "paid", places: 3, totalCents: 30_000, paidCents: 30_000, submittedAt: now }),
    overdue: await insertBooking({
      status: "confirmed",
      places: 2,
      totalCents: 20_000,
      paidCents: 5_000,
      remainderDueOn: addDays(today, -1),
      submittedAt: daysAgo(3),
    }),
    // Falls due today: not overdue yet.
    dueToday: await insertBooking({ status: "confirmed", places: 0, totalCents: 8_000, paidCents: 2_000, remainderDueOn: today, submittedAt: daysAgo(3) }),
    review: await insertBooking({ status: "in_review", places: 4, totalCents: 40_000, sma: true, submittedAt: daysAgo(29) }),
    cardHold: await insertBooking({ status: "submitted", places: 1, totalCents: 10_000 }),
    cardPaying: await insertBooking({ status: "awaiting_payment", places: 2, totalCents: 20_000 }),
    expired: await insertBooking({ status: "expired", places: 0, totalCents: 10_000, submittedAt: daysAgo(31) }),
    overpaid: await insertBooking({ status: "paid", places: 1, totalCents: 10_000, paidCents: 12_000 }),
    secondPayment: await insertBooking({ status: "paid", places: 1, totalCents: 10_000, paidCents: 10_000 }),
    draft: await insertBooking({ status: "draft", places: 0, totalCents: 99_000 }),
    rejected: await insertBooking({ status: "rejected", places: 0, totalCents: 50_000 }),
  };
  const refunds = {
    // Arrived after the hold ran out and the places were gone: the booking stayed expired.
    afterExpiry: await insertPayment(made.expired.id, 2_500, "refund_pending"),
    // A second payment of a paid booking.
    second: await insertPayment(made.secondPayment.id, 10_000, "refund_pending"),
  };
  await database.db.insert(waitlistEntries).values([
    { eventId, email: "wait-1@example.com", name: "Wait One", partySize: 3, locale: "en", status: "waiting" },
    { eventId, email: "wait-2@example.com", name: "Wait Two", partySize: 2, locale: "de", status: "waiting" },
    {
      eventId,
      email: "wait-3@example.com",
      name: "Offered",
      partySize: 2,
      locale: "en",
      status: "offered",
      offerExpiresAt: new Date(now.getTime() + 3_600_000),
    },
    { eventId, email: "wait-4@example.com", name: "Gone", partySize: 4, locale: "en", status: "cancelled" },
  ]);
  // The offer holds its party's places on the event's counter.
  await database.db
    .update(events)
    .set({ placesTaken: sql`${events.placesTaken} + 2` })
    .where(eq(events.id, eventId));
  return { made, refunds };
}

describe("GET api/staff/dashboard", () => {
  let made: Awaited<ReturnType<typeof makeBookings>>["made"];
  let refunds: Awaited<ReturnType<typeof makeBookings>>["refunds"];

  beforeAll(async () => {
    ({ made, refunds } = await makeBookings());
  });

  it("counts an upcoming event's places taken, held and free, its minimum, money and waitlist", async () => {
    const event = eventOf(await dashboard());
    expect(event).toMatchObject({
      title: "Golf & Yoga Retreat on Koh Samui",
      published: true,
      // paid 3 + confirmed 2 + in review 4 + overpaid 1 + second payment 1
      places: { capacity: 24, taken: 11, in_review: 4, held: 5, held_by_card: 3, held_by_waitlist_offers: 2, free: 24 - 11 - 3 - 2 },
      min_participants: 12,
      min_participants_reached: false,
      money: {
        // Net paid from the booking account (decision 067): money kept for refund (the second payment, the late
        // payment of the expired booking) is held until it is given back.
        paid_cents: 30_000 + 5_000 + 2_000 + 12_000 + 10_000 + 10_000 + 2_500,
        // confirmed 15,000 + 6,000, in review 40,000, held 10,000 + 20,000; nothing of the expired, rejected, draft, paid
        outstanding_cents: 15_000 + 6_000 + 40_000 + 10_000 + 20_000,
      },
      waitlist: { entries: 2, places: 5 },
    });
    expect(event?.starts_on).toBe(addDays(today, 120));
  });

  it("says when the minimum is reached; lists only events not ended, the soonest first", async () => {
    // Submitted long ago, so the bookings-per-day series below stays what makeBookings made.
    await insertBooking({ status: "confirmed", places: 1, totalCents: 0, submittedAt: daysAgo(40) });
    const board = await dashboard();
    expect(eventOf(board)).toMatchObject({ places: { taken: 12 }, min_participants_reached: true });
    expect(board.events.map((event) => event.uuid)).not.toContain(seedIds.events.golfCircleOpenerPast);
    expect(board.events.every((event) => event.ends_on >= today)).toBe(true);
    const starts = board.events.map((event) => event.starts_on);
    expect(starts).toEqual([...starts].sort());
  });

  it("leaves out an archived event, though it has not ended (issue 32)", async () => {
    const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", new Date(), siteSettings));
    expect((await dashboard()).events.map((event) => event.uuid)).toContain(copy.eventId);
    await database.db.update(events).set({ published: false, archivedAt: new Date() }).where(eq(events.id, copy.eventId));
    expect((await dashboard()).events.map((event) => event.uuid)).not.toContain(copy.eventId);
  });

  it("answers the titles in the caller's language", async () => {
    const german = await dashboard("de");
    expect(eventOf(german)?.title).toBe("Golf- & Yoga-Retreat auf Koh Samui");
    expect(german.events.find((event) => event.uuid === seedIds.events.golfCircleFinal)?.title).toBe("Golf-Circle-Finale in Bad Griesbach");
  });

  it("warns of each thing that needs action, with its bookings", async () => {
    const { warnings } = await dashboard();
    const entry = (booking: { id: string; code: string }, amountCents: number, paymentId: string | null = null) => ({
      booking_uuid: booking.id,
      code: booking.code,
      event_uuid: eventId,
      payment_uuid: paymentId,
      amount_cents: amountCents,
    });
    expect(warnings.sma_pending).toEqual({ count: 1, entries: [entry(made.review, 40_000)] });
    expect(warnings.overdue_balances).toEqual({ count: 1, entries: [entry(made.overdue, 15_000)] });
    expect(warnings.overpaid_bookings).toEqual({ count: 1, entries: [entry(made.overpaid, 2_000)] });
    expect(warnings.payments_after_expiry).toEqual({ count: 1, entries: [entry(made.expired, 2_500, refunds.afterExpiry)] });
    expect(warnings.refunds_pending.count).toBe(2);
    expect(warnings.refunds_pending.entries).toEqual(
      expect.arrayContaining([entry(made.expired, 2_500, refunds.afterExpiry), entry(made.secondPayment, 10_000, refunds.second)]),
    );
  });

  it("counts bookings submitted per operator day over the last 30 days, every day present", async () => {
    const { bookings_per_day: after } = await dashboard();
    expect(after.to).toBe(today);
    expect(after.from).toBe(addDays(today, -29));
    expect(after.days).toHaveLength(30);
    expect(after.days.map((day) => day.date)).toEqual(Array.from({ length: 30 }, (_, index) => addDays(today, index - 29)));
    // What makeBookings submitted, on the operator's day of each: six now (paid, held, paying, overpaid,
    // second payment, rejected; the draft is not submitted), two three days ago, one 29 days ago.
    const expected = new Map<string, number>();
    for (const at of [now, now, now, now, now, now, daysAgo(3), daysAgo(3), daysAgo(29)]) {
      const date = operatorToday(at);
      expected.set(date, (expected.get(date) ?? 0) + 1);
    }
    const beforeOf = new Map(before.bookings_per_day.days.map((day) => [day.date, day.count]));
    for (const day of after.days) expect(day.count - (beforeOf.get(day.date) ?? 0), day.date).toBe(expected.get(day.date) ?? 0);
    // Submitted 31 days ago: outside the series.
    expect(after.days.map((day) => day.date)).not.toContain(operatorToday(daysAgo(31)));
    expect(after.days.filter((day) => day.count === 0).length).toBeGreaterThan(20);
  });

  it("lists at most 20 bookings per warning, the oldest request first, and counts them all", async () => {
    for (let index = 0; index < 21; index += 1) {
      await insertBooking({ status: "in_review", places: 0, totalCents: 1_000 + index, sma: true, submittedAt: hoursAgo(50 - index) });
    }
    const { warnings } = await dashboard();
    expect(warnings.sma_pending.count).toBe(22);
    expect(warnings.sma_pending.entries).toHaveLength(20);
    expect(warnings.sma_pending.entries[0]?.booking_uuid).toBe(made.review.id);
    expect(warnings.sma_pending.entries.slice(1).map((entry) => entry.amount_cents)).toEqual(Array.from({ length: 19 }, (_, index) => 1_000 + index));
  });

  it("answers anonymous 401 and customers 403, staff 200, and changes nothing", async () => {
    const snapshot = await snapshotDatabase(database.db);
    for (const row of staffCallers) expectMatrixStatus(await api.get("/api/staff/dashboard", headers[row.caller]), row.expected, 200);
    expect(await snapshotDatabase(database.db)).toEqual(snapshot);
  });
});
