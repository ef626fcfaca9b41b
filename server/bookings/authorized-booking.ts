import { and, asc, eq, sql } from "drizzle-orm";
import type { Action, Actor } from "../../core/domain/permissions";
import { authorize, bookingSubject, withBookingToken } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { preparedPerDatabase } from "../db/prepared-statements";
import { bookings, participants } from "../db/schema";
import { AppError } from "../errors";

/** The actions whose subject is one booking's access facts. */
type BookingAction = Extract<
  Action,
  "booking.open" | "booking.edit" | "booking.submit" | "booking.pay" | "booking.invoice" | "booking.manage" | "booking.complete-details"
>;

/**
 * The booking row, after asking core/domain/permissions.ts whether `actor` may do `action` to it. A
 * missing booking (or one of another form) and a refused one answer alike: "not found", never a hint.
 * Reads only: callers lock the row themselves where they write.
 */
export async function authorizedBooking(
  db: Queryable,
  actor: Actor,
  action: BookingAction,
  input: { bookingId: string; formId?: string | undefined },
): Promise<typeof bookings.$inferSelect> {
  const conditions = [eq(bookings.id, input.bookingId)];
  if (input.formId) conditions.push(eq(bookings.formId, input.formId));
  const [row] = await db
    .select()
    .from(bookings)
    .where(and(...conditions))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "bookingNotFound");
  authorizeBooking(actor, action, row);
  return row;
}

/** Asks core/domain/permissions.ts whether `actor` may do `action` to a booking row the caller has read (and locked). */
export function authorizeBooking(actor: Actor, action: BookingAction, row: typeof bookings.$inferSelect): void {
  authorize(actor, action, bookingSubject(row));
}

/**
 * The booking and its companions (in their order) by the booking's id: built once per database and
 * sent as a named prepared statement (decision 061). A page save runs it on every save of a sale rush,
 * and building this join in drizzle costs more CPU than PostgreSQL spends running it.
 */
function bookingWithCompanionsQuery(db: Queryable) {
  return db
    .select({ booking: bookings, companion: participants })
    .from(bookings)
    .leftJoin(participants, and(eq(participants.bookingId, bookings.id), eq(participants.role, "companion")))
    .where(eq(bookings.id, sql.placeholder("bookingId")))
    .orderBy(asc(participants.position), asc(participants.id))
    .prepare("booking_with_companions");
}

const preparedBookingWithCompanions = preparedPerDatabase(bookingWithCompanionsQuery);

/**
 * `authorizedBooking` and the booking's companions (in their order) in one statement: a page save
 * needs both, and in a sale rush every statement counts.
 */
export async function authorizedBookingWithCompanions(
  db: Queryable,
  actor: Actor,
  action: BookingAction,
  input: { bookingId: string },
): Promise<{ booking: typeof bookings.$inferSelect; companions: (typeof participants.$inferSelect)[] }> {
  const rows = await preparedBookingWithCompanions(db).execute({ bookingId: input.bookingId });
  const booking = rows[0]?.booking;
  if (!booking) throw new AppError("NOT_FOUND", "bookingNotFound");
  authorize(actor, action, bookingSubject(booking));
  return { booking, companions: rows.flatMap((row) => (row.companion ? [row.companion] : [])) };
}

/**
 * The actor of a booking call as the pages and the API present it: the booking's token (the body,
 * the query or the booking cookie) and the logged-in account's id. The booking rules look only at
 * the account's id; its role and session are the caller's concern.
 */
export function bookingCaller(presented: { bookingToken?: string | null | undefined; userId?: string | null | undefined }): Actor {
  const user = presented.userId ? { userId: presented.userId, role: "customer" as const, sessionId: "" } : null;
  return withBookingToken({ user }, presented.bookingToken);
}
