import { and, asc, eq, gt, lte } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { eventState } from "../../core/domain/event-state";
import { localizePath } from "../../core/i18n/locales";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Database, Queryable } from "../db/client";
import { events, forms, jobs, waitlistEntries } from "../db/schema";
import { enqueueEmail, waitlistOfferValidHours } from "../email";
import { holdPlaces, releasePlaces } from "./places";

export const expireWaitlistOfferJob = "waitlist.expire-offer";

/** Where the offer links point: the site's public origin (env PUBLIC_URL), without a trailing slash. */
export type WaitlistOfferOptions = { publicOrigin: string };

export type WaitlistOffer = { entryId: string; places: number; expiresAt: Date };

/**
 * Offers the free places of an event to its waitlist (PRODUCT.md "Waitlist"): oldest entry first, but
 * a party larger than the free places is skipped and keeps its position for the next round. Each
 * offer holds the party's places with the guarded counter (so an offer can never overbook), stores
 * only the hash of the link's token, e-mails the link in the entry's language and schedules the job
 * that expires it. Run it inside the transaction that freed the places: the offer exists if and only
 * if the release commits.
 *
 * The places an offer holds are the entry's `party_size`; it no longer changes once offered (a new
 * sign-up only updates `waiting` entries).
 */
export async function offerFreedPlaces(tx: Queryable, eventId: string, now: Date, options: WaitlistOfferOptions): Promise<WaitlistOffer[]> {
  // The row lock makes offer rounds of one event take turns, so two rounds never offer the same entry.
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update").limit(1);
  if (!event) return [];
  const state = eventState(event, now);
  if (state !== "bookable" && state !== "fully_booked") return [];
  let free = event.capacity - event.placesTaken;
  if (free <= 0) return [];
  const [form] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.eventId, eventId)).limit(1);
  if (!form) return [];

  const waiting = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.eventId, eventId), eq(waitlistEntries.status, "waiting"), lte(waitlistEntries.partySize, free)))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  const offers: WaitlistOffer[] = [];
  for (const entry of waiting) {
    if (free <= 0) break;
    if (entry.partySize > free) continue;
    const offer = await offerPlacesTo(tx, { event, formId: form.id, entry, now, options });
    if (offer === "no_room") break;
    // Cancelled meanwhile: the places went back and go to the next party.
    if (offer === "gone") continue;
    offers.push(offer);
    free -= entry.partySize;
  }
  return offers;
}

/**
 * One offer to one waiting entry: its party's places held with the guarded counter (never an
 * overbooking), the link's token stored as a hash, the mail in the entry's language, the expiry job.
 * "no_room" when the places are not free; "gone" when the entry is no longer waiting. Staff offer by
 * hand through the same function (server/staff/bookings/change-waitlist-entry.ts), in the caller's transaction.
 */
export async function offerPlacesTo(
  tx: Queryable,
  input: { event: typeof events.$inferSelect; formId: string; entry: typeof waitlistEntries.$inferSelect; now: Date; options: WaitlistOfferOptions },
): Promise<WaitlistOffer | "no_room" | "gone"> {
  const { event, entry, now, options } = input;
  if (!(await holdPlaces(tx, event.id, entry.partySize))) return "no_room";
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + waitlistOfferValidHours * 3_600_000);
  const [offered] = await tx
    .update(waitlistEntries)
    .set({ status: "offered", offerTokenHash: hashToken(token), offerExpiresAt: expiresAt })
    .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.status, "waiting")))
    .returning({ id: waitlistEntries.id });
  if (!offered) {
    await releasePlaces(tx, event.id, entry.partySize);
    return "gone";
  }
  await enqueueEmail(tx, {
    to: entry.email,
    locale: entry.locale,
    template: "waitlist-offer",
    payload: {
      name: entry.name,
      eventTitle: pickLocale(event.title, entry.locale),
      startsOn: event.startsOn,
      partySize: entry.partySize,
      offerUrl: `${options.publicOrigin}${localizePath(`/booking/${input.formId}`, entry.locale)}?offer=${token}`,
      expiresAt: expiresAt.toISOString(),
    },
  });
  await tx.insert(jobs).values({ kind: expireWaitlistOfferJob, payload: { entryId: entry.id }, runAt: expiresAt });
  return { entryId: entry.id, places: entry.partySize, expiresAt };
}

/**
 * The durable job at an offer's expiry: an offer still not taken up gives its places back, and they
 * are offered to the next party in the same transaction. An offer accepted meanwhile is left alone.
 */
export async function expireWaitlistOffer(db: Database, entryId: string, now: Date, options: WaitlistOfferOptions): Promise<"expired" | "kept"> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)).for("update").limit(1);
    if (!entry || entry.status !== "offered" || !entry.offerExpiresAt || entry.offerExpiresAt > now) return "kept";
    await releasePlaces(tx, entry.eventId, entry.partySize);
    await tx.update(waitlistEntries).set({ status: "expired", offerTokenHash: null }).where(eq(waitlistEntries.id, entry.id));
    await offerFreedPlaces(tx, entry.eventId, now, options);
    return "expired";
  });
}

/** The entry whose offer the link's token stands for, while it is open (offered, of this event, not run out). */
function isOpenOffer(input: { eventId: string; offerToken: string; now: Date }) {
  return and(
    eq(waitlistEntries.eventId, input.eventId),
    eq(waitlistEntries.status, "offered"),
    eq(waitlistEntries.offerTokenHash, hashToken(input.offerToken)),
    gt(waitlistEntries.offerExpiresAt, input.now),
  );
}

export type ClaimedWaitlistOffer = {
  entryId: string;
  /** Places the offer held that now belong to the booking: the submission must not hold them again. */
  placesHeld: number;
};

/**
 * Takes up an offer when a booking is submitted with its link's token: only an `offered`, unexpired
 * entry of the same event matches, and it becomes `accepted` with one conditional UPDATE, so of two
 * submissions with the same token only one wins. A party smaller than the offer gives the surplus
 * back at once; a larger one must hold its extra places itself. Null when the token does not match
 * (wrong, spent or expired): the caller then books as everybody else does.
 */
export async function claimWaitlistOffer(
  tx: Queryable,
  input: { eventId: string; offerToken: string; partySize: number; now: Date },
): Promise<ClaimedWaitlistOffer | null> {
  const [entry] = await tx
    .update(waitlistEntries)
    .set({ status: "accepted", offerTokenHash: null })
    .where(isOpenOffer(input))
    .returning({ id: waitlistEntries.id, offeredPlaces: waitlistEntries.partySize });
  if (!entry) return null;
  const placesHeld = Math.min(entry.offeredPlaces, input.partySize);
  if (entry.offeredPlaces > placesHeld) await releasePlaces(tx, input.eventId, entry.offeredPlaces - placesHeld);
  return { entryId: entry.id, placesHeld };
}

/**
 * The offer a link's token stands for, without taking it up: for the booking page to show how long
 * the places stay held and to let a party in to a fully booked event. Null when the token does not
 * match an open offer of that event (wrong, spent or expired).
 */
export async function findWaitlistOffer(
  db: Queryable,
  input: { eventId: string; offerToken: string; now: Date },
): Promise<{ expiresAt: Date; partySize: number } | null> {
  const [entry] = await db
    .select({ expiresAt: waitlistEntries.offerExpiresAt, partySize: waitlistEntries.partySize })
    .from(waitlistEntries)
    .where(isOpenOffer(input))
    .limit(1);
  return entry?.expiresAt ? { expiresAt: entry.expiresAt, partySize: entry.partySize } : null;
}
