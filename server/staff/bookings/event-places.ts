import { and, asc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { DashboardEvent } from "../../../core/contracts/staff-dashboard";
import type { BookingStatus } from "../../../core/domain/booking-status";
import type { Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { bookings, events, waitlistEntries } from "../../db/schema";

/** Places booked: paid for or confirmed, and SMA requests in review (their places are kept until staff decide). */
export const bookedStatuses: BookingStatus[] = ["confirmed", "paid", "in_review"];
/** Card bookings holding places until their hold runs out. */
export const heldStatuses: BookingStatus[] = ["submitted", "awaiting_payment"];
/** Bookings that still owe what they have not paid; rejected, expired and cancelled ones owe nothing. */
export const owingStatuses: BookingStatus[] = ["submitted", "awaiting_payment", "in_review", "confirmed"];

/** `sum(…)` of an integer column as a JS number (PostgreSQL answers a bigint, which node-postgres gives as text). */
export const total = (expression: SQL, where?: SQL) =>
  (where ? sql`coalesce(sum(${expression}) filter (where ${where}), 0)` : sql`coalesce(sum(${expression}), 0)`).mapWith(Number);

/**
 * The events `which` selects, the soonest first, each with its places (taken, in review, held by card
 * and by waitlist offers, free), money and waitlist: the one counting of the dashboard (decision 031)
 * and the calendar (decision 078), so their numbers cannot differ. Two aggregate queries whatever the
 * number of events; run it inside the caller's read-only snapshot.
 */
export async function eventsWithPlaces(tx: Queryable, which: SQL | undefined, locale: Locale): Promise<DashboardEvent[]> {
  const rows = await tx.select().from(events).where(which).orderBy(asc(events.startsOn), asc(events.id));
  if (rows.length === 0) return [];
  const eventIds = rows.map((row) => row.id);
  const bookingTotals = await tx
    .select({
      eventId: bookings.eventId,
      taken: total(sql`${bookings.placesHeld}`, inArray(bookings.status, bookedStatuses)),
      inReview: total(sql`${bookings.placesHeld}`, eq(bookings.status, "in_review")),
      heldByCard: total(sql`${bookings.placesHeld}`, inArray(bookings.status, heldStatuses)),
      paidCents: total(sql`${bookings.paidCents}`),
      outstandingCents: total(
        sql`greatest(${bookings.totalCents} - ${bookings.creditedCents} - ${bookings.paidCents}, 0)`,
        inArray(bookings.status, owingStatuses),
      ),
    })
    .from(bookings)
    .where(and(inArray(bookings.eventId, eventIds), ne(bookings.status, "draft")))
    .groupBy(bookings.eventId);
  const waitlistTotals = await tx
    .select({
      eventId: waitlistEntries.eventId,
      waitingEntries: sql`count(*) filter (where ${eq(waitlistEntries.status, "waiting")})`.mapWith(Number),
      waitingPlaces: total(sql`${waitlistEntries.partySize}`, eq(waitlistEntries.status, "waiting")),
      // An offer holds its party's places on the event's counter until it is taken up or its expiry job runs.
      offeredPlaces: total(sql`${waitlistEntries.partySize}`, eq(waitlistEntries.status, "offered")),
    })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.eventId, eventIds))
    .groupBy(waitlistEntries.eventId);
  const bookingsOf = new Map(bookingTotals.map((row) => [row.eventId, row]));
  const waitlistOf = new Map(waitlistTotals.map((row) => [row.eventId, row]));
  return rows.map((event) => {
    const booked = bookingsOf.get(event.id);
    const waitlist = waitlistOf.get(event.id);
    const taken = booked?.taken ?? 0;
    const heldByCard = booked?.heldByCard ?? 0;
    const heldByOffers = waitlist?.offeredPlaces ?? 0;
    return {
      uuid: event.id,
      title: pickLocale(event.title, locale),
      starts_on: event.startsOn,
      ends_on: event.endsOn,
      published: event.published,
      places: {
        capacity: event.capacity,
        taken,
        in_review: booked?.inReview ?? 0,
        held: heldByCard + heldByOffers,
        held_by_card: heldByCard,
        held_by_waitlist_offers: heldByOffers,
        free: Math.max(0, event.capacity - event.placesTaken),
      },
      min_participants: event.minParticipants,
      min_participants_reached: taken >= event.minParticipants,
      money: { paid_cents: booked?.paidCents ?? 0, outstanding_cents: booked?.outstandingCents ?? 0 },
      waitlist: { entries: waitlist?.waitingEntries ?? 0, places: waitlist?.waitingPlaces ?? 0 },
    };
  });
}
