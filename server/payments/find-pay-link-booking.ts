import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { bookings } from "../db/schema";
import { bookingOfPayLink } from "./pay-links";

/** The booking a "pay now" e-mail link stands for (the signed link is the credential); null for a wrong link. */
export async function findPayLinkBooking(deps: { db: Queryable; payLinkSecret: string }, input: { token: string }) {
  const bookingId = bookingOfPayLink(deps.payLinkSecret, input.token);
  if (!bookingId) return null;
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  return row ?? null;
}
