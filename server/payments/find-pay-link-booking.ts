import { eq } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { bookings } from "../db/schema";
import { bookingOfPayLink } from "./pay-links";
import { readBookingAccount } from "../bookings/booking-account";

/** The booking a "pay now" e-mail link stands for (the signed link is the credential); null for a wrong link. */
export async function findPayLinkBooking(deps: { db: Queryable; payLinkSecret: string; now: () => Date }, input: { token: string }) {
  const bookingId = bookingOfPayLink(deps.payLinkSecret, input.token);
  if (!bookingId) return null;
  const [row] = await deps.db.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!row) return null;
  // What the link's page shows and its button pays: from the booking account (decision 067).
  return { ...row, account: (await readBookingAccount(deps.db, row, deps.now())).account };
}
