import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Database, Queryable } from "../db/client";
import { bookingEventAllowed } from "../../core/domain/booking-state-machine";
import { bookings, resourceReservations } from "../db/schema";
import { releasePlaces, releaseResource } from "./places";
import { releaseVoucherUse } from "./voucher-redemption";
import { writeAccountFigures } from "./booking-account";
import { recordTransition } from "./record-transition";
import { offerFreedPlaces, type WaitlistOfferOptions } from "./waitlist-offers";

/**
 * Frees the places and resources of a booking whose hold has run out. Runs as a durable job at the
 * hold's expiry; a booking that was paid, confirmed or extended meanwhile is left alone. With
 * `waitlist`, the freed places are offered to the event's waitlist in the same transaction.
 */
export async function expireHold(db: Database, bookingId: string, now: Date, waitlist?: WaitlistOfferOptions): Promise<"expired" | "kept"> {
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update").limit(1);
    // Only places held, not yet paid for, can run out (the transition table says in which statuses).
    if (!booking || !bookingEventAllowed(booking.status, "hold_expired")) return "kept";
    if (!booking.holdExpiresAt || booking.holdExpiresAt > now) return "kept";
    const resourcesReleased = await releaseBookingHold(tx, booking, now);
    await recordTransition(tx, {
      booking,
      event: "hold_expired",
      cause: "hold ran out",
      details: { placesReleased: booking.placesHeld, resourcesReleased },
      set: { placesHeld: 0 },
      now,
    });
    // An expired booking owes nothing: its account's state follows (decision 067).
    await writeAccountFigures(tx, booking.id, now, "hold ran out");
    if (waitlist) await offerFreedPlaces(tx, booking.eventId, now, waitlist);
    return "expired";
  });
}

/**
 * Gives back what a booking holds: its places, the use of its discount code, and its per-day resources, whose reservations stay on
 * record as released (a payment arriving late can take the same ones again). Returns how many
 * reservations were released. The caller sets the booking's new status in the same transaction.
 */
export async function releaseBookingHold(tx: Queryable, booking: { id: string; eventId: string; placesHeld: number }, now: Date): Promise<number> {
  // A discount code's use goes back with the places (decision 079); its row is locked before the event's, as a submission does.
  await releaseVoucherUse(tx, booking.id, now);
  await releasePlaces(tx, booking.eventId, booking.placesHeld);
  const reservations = await tx
    .select()
    .from(resourceReservations)
    .where(and(eq(resourceReservations.bookingId, booking.id), isNull(resourceReservations.releasedAt)));
  for (const reservation of reservations) await releaseResource(tx, reservation.resourceId, reservation.quantity);
  // Kept, marked released: a payment that still arrives can take the same vehicles again (payments/apply-provider-outcome.ts).
  if (reservations.length)
    await tx
      .update(resourceReservations)
      .set({ releasedAt: now })
      .where(
        inArray(
          resourceReservations.id,
          reservations.map((reservation) => reservation.id),
        ),
      );
  return reservations.length;
}
