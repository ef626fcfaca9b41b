import { and, eq, sql } from "drizzle-orm";
import type { BookingView } from "../../core/contracts/bookings";
import type { Actor } from "../../core/domain/permissions";
import { bookings, participants } from "../db/schema";
import type { Deps } from "../deps/deps";
import { AppError } from "../errors";
import { authorizedBooking } from "./authorized-booking";
import { bookingViewOf } from "./booking-view";

/** Spec §7 `DELETE api/booking/companion/{bookingUuid}/{companionUuid}/delete`: only while the booking is a draft. */
export async function deleteCompanion(deps: Pick<Deps, "db" | "now">, actor: Actor, input: { bookingId: string; companionId: string }): Promise<BookingView> {
  const { db } = deps;
  const booking = await authorizedBooking(db, actor, "booking.edit", { bookingId: input.bookingId });
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(bookings).where(eq(bookings.id, booking.id)).for("update").limit(1);
    if (!locked || locked.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
    const deleted = await tx
      .delete(participants)
      .where(and(eq(participants.id, input.companionId), eq(participants.bookingId, booking.id), eq(participants.role, "companion")))
      .returning({ id: participants.id });
    if (!deleted.length) throw new AppError("NOT_FOUND", "companionNotFound");
    const [updated] = await tx
      .update(bookings)
      .set({ version: sql`${bookings.version} + 1`, updatedAt: deps.now() })
      .where(eq(bookings.id, booking.id))
      .returning();
    return bookingViewOf(tx, updated ?? locked, deps.now());
  });
}
