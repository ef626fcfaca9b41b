import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../core/domain/dates";
import { expireHold } from "../../server/bookings/expire-hold";
import { expireHoldJob, submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, eventDayResources, events, jobs, resourceReservations } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { startJobWorker } from "../../server/jobs/job-worker";
import { createDraftBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const now = () => new Date();
async function eventRow(id: string) {
  const [row] = await database.db.select().from(events).where(eq(events.id, id));
  if (!row) throw new Error("no event");
  return row;
}

describe("submitting a booking holds its places", () => {
  it("holds a place per person and prices the sample trip from the server's price list", async () => {
    const before = await eventRow(seedIds.events.golfYogaTrip);
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
    const result = await submitBooking(database.db, { bookingId, now: now() });
    expect(result).toMatchObject({ outcome: "held", placesHeld: 2 });
    if (result.outcome !== "held") return;
    expect(result.code).toMatch(/^TR-[2-9A-HJ-NP-Z]{6}$/);
    const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    // 108.00 + 88.00 = 196.00; 25 % deposit now, the rest 30 days before the start.
    expect(booking).toMatchObject({
      status: "submitted",
      totalCents: 19600,
      depositCents: 4900,
      remainderCents: 14700,
      remainderDueOn: addDays(before.startsOn, -30),
    });
    expect((await eventRow(seedIds.events.golfYogaTrip)).placesTaken).toBe(before.placesTaken + 2);
    const audit = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
    expect(audit.map((entry) => [entry.fromStatus, entry.toStatus])).toEqual([["draft", "submitted"]]);
    const [job] = await database.db.select().from(jobs).where(eq(jobs.kind, expireHoldJob));
    expect(job?.payload).toMatchObject({ bookingId });
  });

  it("is idempotent: a second submission holds nothing more", async () => {
    const bookingId = await createDraftBooking(database.db, seedIds.events.golfCircleTournament);
    await submitBooking(database.db, { bookingId, now: now() });
    const taken = (await eventRow(seedIds.events.golfCircleTournament)).placesTaken;
    expect(await submitBooking(database.db, { bookingId, now: now() })).toMatchObject({ outcome: "already_submitted" });
    expect((await eventRow(seedIds.events.golfCircleTournament)).placesTaken).toBe(taken);
  });

  it("refuses a full event and an event not open yet, changing nothing", async () => {
    const full = await createDraftBooking(database.db, seedIds.events.golfCircleFinal);
    expect(await submitBooking(database.db, { bookingId: full, now: now() })).toEqual({ outcome: "no_places", placesLeft: 0 });
    const [draft] = await database.db.select().from(bookings).where(eq(bookings.id, full));
    expect(draft?.status).toBe("draft");
    const early = await createDraftBooking(database.db, seedIds.events.trackDayNotBookableYet);
    expect(await submitBooking(database.db, { bookingId: early, now: now() })).toEqual({ outcome: "not_bookable", state: "not_bookable_yet" });
  });

  it("never sells the last 5 places twice: 50 buyers at once get exactly 5 holds", async () => {
    const eventId = seedIds.events.golfCircleTournament;
    const current = await eventRow(eventId);
    await database.db
      .update(events)
      .set({ capacity: current.placesTaken + 5 })
      .where(eq(events.id, eventId));
    const drafts = await Promise.all(Array.from({ length: 50 }, () => createDraftBooking(database.db, eventId)));
    const results = await Promise.all(drafts.map((bookingId) => submitBooking(database.db, { bookingId, now: now() })));
    expect(results.filter((result) => result.outcome === "held")).toHaveLength(5);
    expect(results.filter((result) => result.outcome === "no_places")).toHaveLength(45);
    const after = await eventRow(eventId);
    expect(after.placesTaken).toBe(after.capacity);
    const held = await database.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.status, "submitted")));
    // The seed has no other bookings of the tournament: every taken place belongs to a held booking.
    expect(held.reduce((sum, booking) => sum + booking.placesHeld, 0)).toBe(after.placesTaken);
  });

  it("never rents the last car of a day twice, and a buyer without the car keeps no place", async () => {
    const eventId = seedIds.events.trackDayTwoDays;
    const [car] = await database.db
      .select()
      .from(eventDayResources)
      .where(and(eq(eventDayResources.eventId, eventId), eq(eventDayResources.day, 1), eq(eventDayResources.key, "street_gt")));
    if (!car?.stock) throw new Error("the seed has rental street GTs");
    await database.db
      .update(eventDayResources)
      .set({ used: car.stock - 1 })
      .where(eq(eventDayResources.id, car.id));
    const placesBefore = (await eventRow(eventId)).placesTaken;
    const drafts = await Promise.all(Array.from({ length: 20 }, () => createDraftBooking(database.db, eventId)));
    const results = await Promise.all(
      drafts.map((bookingId) => submitBooking(database.db, { bookingId, resources: [{ resourceId: car.id, quantity: 1 }], now: now() })),
    );
    expect(results.filter((result) => result.outcome === "held")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "resource_unavailable")).toHaveLength(19);
    const [after] = await database.db.select().from(eventDayResources).where(eq(eventDayResources.id, car.id));
    expect(after?.used).toBe(car.stock);
    expect((await eventRow(eventId)).placesTaken).toBe(placesBefore + 1);
    const held = results.find((result) => result.outcome === "held");
    if (held?.outcome !== "held") return;
    const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, held.bookingId));
    // 1,490.00 track day + 690.00 street GT on day 1 = 2,180.00, 25 % now.
    expect(booking).toMatchObject({ eventPriceCents: 149000, addonsTotalCents: 69000, totalCents: 218000, depositCents: 54500 });
  });
});

describe("holds that run out", () => {
  it("free their places and cars through a durable job that survives a restart", async () => {
    const eventId = seedIds.events.trackDayTwoDays;
    const [instructor] = await database.db
      .select()
      .from(eventDayResources)
      .where(and(eq(eventDayResources.eventId, eventId), eq(eventDayResources.day, 2), eq(eventDayResources.key, "instructor")));
    if (!instructor) throw new Error("the seed has instructors");
    const placesBefore = (await eventRow(eventId)).placesTaken;
    const bookingId = await createDraftBooking(database.db, eventId, ["co_driver"]);
    const submittedAt = new Date();
    const result = await submitBooking(database.db, { bookingId, resources: [{ resourceId: instructor.id, quantity: 1 }], now: submittedAt });
    expect(result.outcome).toBe("held");
    expect((await eventRow(eventId)).placesTaken).toBe(placesBefore + 2);

    // Nothing happens before the hold runs out.
    expect(await expireHold(database.db, bookingId, new Date(submittedAt.getTime() + 60_000))).toBe("kept");

    // Other tests' holds in this database get more time, so only this booking's hold runs out.
    await database.db
      .update(bookings)
      .set({ holdExpiresAt: new Date(submittedAt.getTime() + 24 * 3600_000) })
      .where(and(eq(bookings.status, "submitted"), ne(bookings.id, bookingId)));
    // A worker started later (as after a restart) finds the job in the database and runs it.
    const later = new Date(submittedAt.getTime() + 31 * 60_000);
    const worker = startJobWorker({
      db: database.db,
      now: () => later,
      pollIntervalMs: 60_000,
      handlers: { [expireHoldJob]: (payload, at) => expireHold(database.db, String(payload.bookingId), at) },
    });
    expect(await worker.runOnce()).toBeGreaterThanOrEqual(1);
    await worker.stop();

    const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: "expired", placesHeld: 0 });
    expect((await eventRow(eventId)).placesTaken).toBe(placesBefore);
    const [freed] = await database.db.select().from(eventDayResources).where(eq(eventDayResources.id, instructor.id));
    expect(freed?.used).toBe(instructor.used);
    // Kept as released, so that a payment arriving late can take the same resources again.
    const reservations = await database.db.select().from(resourceReservations).where(eq(resourceReservations.bookingId, bookingId));
    expect(reservations.length).toBeGreaterThan(0);
    expect(reservations.every((reservation) => reservation.releasedAt !== null)).toBe(true);
    const audit = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
    expect(audit.map((entry) => entry.toStatus)).toEqual(["submitted", "expired"]);
  });
});
