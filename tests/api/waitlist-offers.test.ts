import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Locale } from "../../core/i18n/locales";
import { hashToken } from "../../server/auth/secrets";
import { expireHold } from "../../server/bookings/expire-hold";
import { submitBooking } from "../../server/bookings/submit-booking";
import { expireWaitlistOffer, expireWaitlistOfferJob } from "../../server/bookings/waitlist-offers";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, eventPrices, events, forms, jobs, outboxEmails, waitlistEntries } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { emailMessageSchema, renderEmail } from "../../server/email";
import { createDraftBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const options = { publicOrigin: "http://site.test" };
const hour = 3_600_000;
type CompanionType = "non_playing" | "golf_playing" | "driver" | "co_driver";

/** A bookable event of its own (a copy of the seeded tournament with a booking form), so tests share nothing. */
async function createEvent(capacity: number): Promise<{ eventId: string; formId: string }> {
  const [template] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfCircleTournament));
  if (!template) throw new Error("the seed has the tournament");
  const copy: typeof events.$inferInsert = { ...template, capacity, placesTaken: 0 };
  delete copy.id;
  delete copy.createdAt;
  delete copy.updatedAt;
  const [event] = await database.db.insert(events).values(copy).returning({ id: events.id });
  if (!event) throw new Error("no event");
  const [form] = await database.db.insert(forms).values({ eventId: event.id, name: "Test form" }).returning({ id: forms.id });
  if (!form) throw new Error("no form");
  // A price, so that a booking waits for its payment with a hold that can run out (a free one is confirmed at once).
  await database.db
    .insert(eventPrices)
    .values({ eventId: event.id, kind: "participant", key: "participant", label: { en: "Participant", de: "Teilnehmer" }, amountCents: 14900 });
  return { eventId: event.id, formId: form.id };
}

/** Submits a booking of `people` persons (main participant and companions) and returns its id. */
async function holdBooking(eventId: string, people: number, at: Date): Promise<string> {
  const bookingId = await createDraftBooking(database.db, eventId, companions(people));
  expect(await submitBooking(database.db, { bookingId, now: at })).toMatchObject({ outcome: "held", placesHeld: people });
  return bookingId;
}

function companions(people: number): CompanionType[] {
  return Array.from({ length: people - 1 }, () => "golf_playing" as const);
}

let signUps = 0;
async function joinWaitlist(eventId: string, partySize: number, locale: Locale = "en"): Promise<string> {
  signUps += 1;
  const [entry] = await database.db
    .insert(waitlistEntries)
    .values({
      eventId,
      email: `waiting-${signUps}@example.com`,
      name: `Waiting ${signUps}`,
      partySize,
      locale,
      // Explicit, strictly increasing sign-up times: the queue order must not depend on clock resolution.
      createdAt: new Date(Date.UTC(2025, 0, 1) + signUps * 1000),
    })
    .returning({ id: waitlistEntries.id });
  if (!entry) throw new Error("no entry");
  return entry.id;
}

async function entry(id: string) {
  const [row] = await database.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!row) throw new Error("no entry");
  return row;
}

async function offerMail(entryId: string) {
  const { email } = await entry(entryId);
  const mails = await database.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, email), eq(outboxEmails.template, "waitlist-offer")));
  expect(mails).toHaveLength(1);
  const mail = mails[0]!;
  const message = emailMessageSchema.parse({ template: mail.template, payload: mail.payload });
  if (message.template !== "waitlist-offer") throw new Error("not an offer");
  const token = new URL(message.payload.offerUrl).searchParams.get("offer") ?? "";
  return { mail, payload: message.payload, token };
}

/**
 * The counter never exceeds capacity and always equals what is really held: the places of bookings
 * plus those of open offers.
 */
async function expectPlacesConsistent(eventId: string): Promise<number> {
  const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw new Error("no event");
  expect(event.placesTaken).toBeLessThanOrEqual(event.capacity);
  const [held] = await database.db
    .select({ places: sql<number>`coalesce(sum(${bookings.placesHeld}), 0)::int` })
    .from(bookings)
    .where(eq(bookings.eventId, eventId));
  const [offered] = await database.db
    .select({ places: sql<number>`coalesce(sum(${waitlistEntries.partySize}), 0)::int` })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, "offered")));
  expect(event.placesTaken).toBe((held?.places ?? 0) + (offered?.places ?? 0));
  return event.placesTaken;
}

describe("places freed by a hold that runs out", () => {
  it("are offered to the first waiting party that fits, in its language, and stay taken", async () => {
    const { eventId, formId } = await createEvent(4);
    const start = new Date();
    const first = await holdBooking(eventId, 2, start);
    await holdBooking(eventId, 2, start);
    const ines = await joinWaitlist(eventId, 2, "de");
    const ola = await joinWaitlist(eventId, 2, "en");
    expect(await expireHold(database.db, first, new Date(start.getTime() + 60_000), options)).toBe("kept");
    expect(await expectPlacesConsistent(eventId)).toBe(4);

    const later = new Date(start.getTime() + 31 * 60_000);
    expect(await expireHold(database.db, first, later, options)).toBe("expired");
    expect(await expectPlacesConsistent(eventId)).toBe(4);
    const offered = await entry(ines);
    expect(offered).toMatchObject({ status: "offered", offerExpiresAt: new Date(later.getTime() + 48 * hour) });
    expect((await entry(ola)).status).toBe("waiting");

    const { mail, payload, token } = await offerMail(ines);
    expect(mail).toMatchObject({ locale: "de", status: "pending" });
    expect(payload).toMatchObject({ name: offered.name, partySize: 2, expiresAt: new Date(later.getTime() + 48 * hour).toISOString() });
    expect(payload.offerUrl).toBe(`http://site.test/de/booking/${formId}?offer=${token}`);
    // Only the token's hash is stored.
    expect(offered.offerTokenHash).toBe(hashToken(token));
    expect(JSON.stringify(offered)).not.toContain(token);
    const rendered = await renderEmail({ template: "waitlist-offer", payload }, "de");
    expect(rendered.text).toContain("Jetzt buchen");

    const [job] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, expireWaitlistOfferJob), sql`${jobs.payload}->>'entryId' = ${ines}`));
    expect(job?.runAt).toEqual(offered.offerExpiresAt);
  });

  it("skip a party larger than the free places, which keeps its position for later", async () => {
    const { eventId } = await createEvent(4);
    const start = new Date();
    const a = await holdBooking(eventId, 2, start);
    const b = await holdBooking(eventId, 2, start);
    const four = await joinWaitlist(eventId, 4);
    const two = await joinWaitlist(eventId, 2);
    const later = new Date(start.getTime() + 31 * 60_000);

    await expireHold(database.db, a, later, options);
    expect((await entry(four)).status).toBe("waiting");
    expect((await entry(two)).status).toBe("offered");
    expect(await expectPlacesConsistent(eventId)).toBe(4);

    // Two more places free: still too few for the party of four, so they stay free.
    await expireHold(database.db, b, later, options);
    expect((await entry(four)).status).toBe("waiting");
    expect(await expectPlacesConsistent(eventId)).toBe(2);

    // The offer to the party of two runs out: now all four places are free, and the party of four is first.
    const { offerExpiresAt } = await entry(two);
    expect(await expireWaitlistOffer(database.db, two, offerExpiresAt!, options)).toBe("expired");
    expect((await entry(two)).status).toBe("expired");
    expect((await entry(four)).status).toBe("offered");
    expect((await offerMail(four)).payload.partySize).toBe(4);
    expect(await expectPlacesConsistent(eventId)).toBe(4);
  });

  it("go to different parties when several holds run out at once", async () => {
    const { eventId } = await createEvent(6);
    const start = new Date();
    const held = [await holdBooking(eventId, 2, start), await holdBooking(eventId, 2, start), await holdBooking(eventId, 2, start)];
    const waiting = [await joinWaitlist(eventId, 2), await joinWaitlist(eventId, 2), await joinWaitlist(eventId, 2), await joinWaitlist(eventId, 2)];
    const later = new Date(start.getTime() + 31 * 60_000);
    expect(await Promise.all(held.map((bookingId) => expireHold(database.db, bookingId, later, options)))).toEqual(["expired", "expired", "expired"]);
    const statuses = await Promise.all(waiting.map(async (id) => (await entry(id)).status));
    expect(statuses).toEqual(["offered", "offered", "offered", "waiting"]);
    for (const id of waiting.slice(0, 3)) await offerMail(id);
    expect(await expectPlacesConsistent(eventId)).toBe(6);
  });

  it("are not offered when the event is no longer open for registration", async () => {
    const { eventId } = await createEvent(2);
    const start = new Date();
    const booking = await holdBooking(eventId, 2, start);
    const waiting = await joinWaitlist(eventId, 1);
    await database.db
      .update(events)
      .set({ registrationDeadline: new Date(start.getTime() + 10 * 60_000) })
      .where(eq(events.id, eventId));
    expect(await expireHold(database.db, booking, new Date(start.getTime() + 31 * 60_000), options)).toBe("expired");
    expect((await entry(waiting)).status).toBe("waiting");
    expect(await expectPlacesConsistent(eventId)).toBe(0);
  });
});

describe("an offer that runs out", () => {
  it("frees its places through its job, and they are offered to the next parties", async () => {
    const { eventId } = await createEvent(2);
    const start = new Date();
    const booking = await holdBooking(eventId, 2, start);
    const first = await joinWaitlist(eventId, 2);
    const second = await joinWaitlist(eventId, 1);
    const third = await joinWaitlist(eventId, 1);
    await expireHold(database.db, booking, new Date(start.getTime() + 31 * 60_000), options);
    const { offerExpiresAt } = await entry(first);
    if (!offerExpiresAt) throw new Error("no expiry");

    expect(await expireWaitlistOffer(database.db, first, new Date(offerExpiresAt.getTime() - 60_000), options)).toBe("kept");
    expect((await entry(first)).status).toBe("offered");

    // The durable job carries the entry and runs at the offer's expiry.
    const [job] = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, expireWaitlistOfferJob), sql`${jobs.payload}->>'entryId' = ${first}`));
    expect(job).toMatchObject({ payload: { entryId: first }, runAt: offerExpiresAt });
    expect(await expireWaitlistOffer(database.db, String(job?.payload.entryId), offerExpiresAt, options)).toBe("expired");

    expect(await entry(first)).toMatchObject({ status: "expired", offerTokenHash: null });
    expect((await entry(second)).status).toBe("offered");
    expect((await entry(third)).status).toBe("offered");
    expect(await expectPlacesConsistent(eventId)).toBe(2);
    // Running the job again changes nothing.
    expect(await expireWaitlistOffer(database.db, first, offerExpiresAt, options)).toBe("kept");
    expect(await expectPlacesConsistent(eventId)).toBe(2);
  });
});

describe("booking with an offer", () => {
  /** A full event of `capacity` places with one open offer of `offered` places; returns the offer's token. */
  async function fullEventWithOffer(capacity: number, offered: number) {
    const { eventId } = await createEvent(capacity);
    const start = new Date();
    const freed = await holdBooking(eventId, offered, start);
    if (capacity > offered) await holdBooking(eventId, capacity - offered, start);
    const entryId = await joinWaitlist(eventId, offered);
    const at = new Date(start.getTime() + 31 * 60_000);
    await expireHold(database.db, freed, at, options);
    expect((await entry(entryId)).status).toBe("offered");
    expect(await expectPlacesConsistent(eventId)).toBe(capacity);
    return { eventId, entryId, token: (await offerMail(entryId)).token, at: new Date(at.getTime() + hour) };
  }

  it("takes exactly the offered places on the full event, once", async () => {
    const { eventId, entryId, token, at } = await fullEventWithOffer(4, 2);
    const bookingId = await createDraftBooking(database.db, eventId, ["non_playing"]);
    const result = await submitBooking(database.db, { bookingId, waitlistOfferToken: token, now: at });
    expect(result).toMatchObject({ outcome: "held", placesHeld: 2 });
    expect(await expectPlacesConsistent(eventId)).toBe(4);
    expect(await entry(entryId)).toMatchObject({ status: "accepted", offerTokenHash: null });
    const [audit] = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId));
    expect(audit?.details).toMatchObject({ places: 2, waitlistEntryId: entryId, placesFromOffer: 2 });

    // The token is spent: a second booking with it needs free places, and there are none.
    const again = await createDraftBooking(database.db, eventId, ["non_playing"]);
    expect(await submitBooking(database.db, { bookingId: again, waitlistOfferToken: token, now: at })).toEqual({ outcome: "no_places", placesLeft: 0 });
    expect(await expectPlacesConsistent(eventId)).toBe(4);
  });

  it("gives back what a smaller party does not need", async () => {
    const { eventId, token, at } = await fullEventWithOffer(4, 3);
    const bookingId = await createDraftBooking(database.db, eventId, []);
    expect(await submitBooking(database.db, { bookingId, waitlistOfferToken: token, now: at })).toMatchObject({ outcome: "held", placesHeld: 1 });
    expect(await expectPlacesConsistent(eventId)).toBe(2);
  });

  it("lets a larger party hold the rest only where places are free, else changes nothing", async () => {
    const { eventId, entryId, token, at } = await fullEventWithOffer(4, 2);
    const tooMany = await createDraftBooking(database.db, eventId, ["non_playing", "golf_playing"]);
    expect(await submitBooking(database.db, { bookingId: tooMany, waitlistOfferToken: token, now: at })).toEqual({ outcome: "no_places", placesLeft: 0 });
    // The offer survives the failed submission, with its places.
    expect((await entry(entryId)).status).toBe("offered");
    expect(await expectPlacesConsistent(eventId)).toBe(4);

    await database.db.update(events).set({ capacity: 5 }).where(eq(events.id, eventId));
    expect(await submitBooking(database.db, { bookingId: tooMany, waitlistOfferToken: token, now: at })).toMatchObject({ outcome: "held", placesHeld: 3 });
    expect(await expectPlacesConsistent(eventId)).toBe(5);
  });

  it("refuses a wrong or expired token on the full event like any booking", async () => {
    const { eventId, entryId, token } = await fullEventWithOffer(2, 2);
    const bookingId = await createDraftBooking(database.db, eventId, ["non_playing"]);
    expect(await submitBooking(database.db, { bookingId, waitlistOfferToken: "not-the-token", now: new Date() })).toEqual({
      outcome: "no_places",
      placesLeft: 0,
    });
    const { offerExpiresAt } = await entry(entryId);
    // Past the expiry the token is void even before the job has run.
    expect(await submitBooking(database.db, { bookingId, waitlistOfferToken: token, now: new Date(offerExpiresAt!.getTime() + 1) })).toEqual({
      outcome: "no_places",
      placesLeft: 0,
    });
    expect((await entry(entryId)).status).toBe("offered");
    const [draft] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(draft?.status).toBe("draft");
    expect(await expectPlacesConsistent(eventId)).toBe(2);
  });

  it("does not accept the token of another event's offer", async () => {
    const { token, at } = await fullEventWithOffer(2, 2);
    const other = await fullEventWithOffer(2, 2);
    const bookingId = await createDraftBooking(database.db, other.eventId, ["non_playing"]);
    expect(await submitBooking(database.db, { bookingId, waitlistOfferToken: token, now: at })).toEqual({ outcome: "no_places", placesLeft: 0 });
    expect(await expectPlacesConsistent(other.eventId)).toBe(2);
  });

  it("lets only one of several simultaneous bookings with the same token have the places", async () => {
    const { eventId, entryId, token, at } = await fullEventWithOffer(6, 2);
    const drafts = await Promise.all(Array.from({ length: 10 }, () => createDraftBooking(database.db, eventId, ["non_playing"])));
    const results = await Promise.all(drafts.map((bookingId) => submitBooking(database.db, { bookingId, waitlistOfferToken: token, now: at })));
    expect(results.filter((result) => result.outcome === "held")).toHaveLength(1);
    expect(results.filter((result) => result.outcome === "no_places")).toHaveLength(9);
    expect((await entry(entryId)).status).toBe("accepted");
    expect(await expectPlacesConsistent(eventId)).toBe(6);
  });
});
