import { eq } from "drizzle-orm";
import { operatorToday } from "../../core/domain/dates";
import type { Actor } from "../../core/domain/permissions";
import { authorize, bookingSubject } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { bookings, events } from "../db/schema";
import { AppError } from "../errors";
import { parseManageLinkToken } from "./manage-links";

export type ManagedBooking = { booking: typeof bookings.$inferSelect; event: typeof events.$inferSelect; actor: Actor };

/**
 * What a "manage my booking" link opens (decision 023). A link not made with our secret, naming no
 * booking, a draft, or a generation never handed out is "not found" (nothing revealed). A link of an
 * earlier generation (the customer asked for a new one) and any link after the event's last day are
 * "gone", each with its own message, so the page can say which. Then the permission rule is asked
 * with the actor the link makes (`manageLinkBookingId`), beside the caller's own login.
 */
export async function openManageLink(
  deps: { db: Queryable; manageLinkSecret: string; now: () => Date },
  caller: Actor,
  input: { token: string; lock?: boolean },
): Promise<ManagedBooking> {
  const named = parseManageLinkToken(deps.manageLinkSecret, input.token);
  if (!named) throw new AppError("NOT_FOUND", "bookingNotFound");
  const query = deps.db.select({ booking: bookings, event: events }).from(bookings).innerJoin(events, eq(events.id, bookings.eventId)).where(eq(bookings.id, named.bookingId));
  const [row] = input.lock ? await query.for("update", { of: bookings }).limit(1) : await query.limit(1);
  if (!row || row.booking.status === "draft" || named.generation > row.booking.manageLinkGeneration) throw new AppError("NOT_FOUND", "bookingNotFound");
  if (operatorToday(deps.now()) > row.event.endsOn) throw new AppError("GONE", "manageLinkExpired");
  if (named.generation < row.booking.manageLinkGeneration) throw new AppError("GONE", "manageLinkRevoked");
  const actor: Actor = { ...caller, manageLinkBookingId: row.booking.id };
  authorize(actor, "booking.manage", bookingSubject(row.booking));
  return { booking: row.booking, event: row.event, actor };
}
