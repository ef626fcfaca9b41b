import { and, eq, isNotNull } from "drizzle-orm";
import type { Database, Queryable } from "../db/client";
import { bookings, participants, resourceReservations } from "../db/schema";
import { holdPlaces, reserveResource } from "./places";
import { retakeVoucherUse } from "./voucher-redemption";

type BookingRow = typeof bookings.$inferSelect;

/**
 * Takes the places and resources of a booking that gave them back again, all or nothing (a
 * savepoint): an expired booking paid late (payments/apply-provider-outcome.ts), a customer's
 * cancellation reversed by staff (staff/bookings/reverse-cancellation.ts), with the use of its
 * discount code. False: not all are free, and nothing was taken.
 */
export async function holdAgain(tx: Database | Queryable, booking: Pick<BookingRow, "id" | "eventId">): Promise<boolean> {
  const people = await tx.select({ id: participants.id }).from(participants).where(eq(participants.bookingId, booking.id));
  const places = Math.max(1, people.length);
  const released = await tx
    .select()
    .from(resourceReservations)
    .where(and(eq(resourceReservations.bookingId, booking.id), isNotNull(resourceReservations.releasedAt)));
  class Unavailable extends Error {}
  try {
    await (tx as Database).transaction(async (savepoint) => {
      // The discount code's use first: its row is locked before the event's, as at submission (decision 079).
      await retakeVoucherUse(savepoint, booking.id);
      if (!(await holdPlaces(savepoint, booking.eventId, places))) throw new Unavailable();
      for (const reservation of released) {
        if (!(await reserveResource(savepoint, reservation.resourceId, reservation.quantity))) throw new Unavailable();
      }
      await savepoint.update(resourceReservations).set({ releasedAt: null }).where(eq(resourceReservations.bookingId, booking.id));
      await savepoint.update(bookings).set({ placesHeld: places }).where(eq(bookings.id, booking.id));
    });
    return true;
  } catch (error) {
    if (error instanceof Unavailable) return false;
    throw error;
  }
}
