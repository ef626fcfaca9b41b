import { inArray } from "drizzle-orm";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { bookings } from "../../db/schema";

/**
 * The codes of the given bookings (decision 033): the bookings list names each booking of a bulk
 * action's answer by its code, also when the list's filters no longer show it. An unknown id is left
 * out (the answer then names the id).
 */
export async function readBookingCodes(deps: { db: Queryable }, actor: Actor, input: { bookingIds: string[] }): Promise<Record<string, string>> {
  authorize(actor, "staff.bookings.read", null);
  if (input.bookingIds.length === 0) return {};
  const rows = await deps.db.select({ id: bookings.id, code: bookings.code }).from(bookings).where(inArray(bookings.id, input.bookingIds));
  return Object.fromEntries(rows.flatMap((row) => (row.code ? [[row.id, row.code]] : [])));
}
