import { eq } from "drizzle-orm";
import { can, type Actor } from "../../core/domain/permissions";
import { actorOf, bookingSubject, withBookingToken } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { bookings, invoices } from "../db/schema";
import { renderCustomerInvoicePdf } from "./e-invoice";
import type { InvoiceData } from "./render-invoice-pdf";

/**
 * The invoice PDF of a booking for whoever may see it ("booking.invoice" in core/domain/permissions.ts:
 * the account that owns the booking, or the browser holding the booking's token). Rendered from the
 * snapshot taken when it was issued; a business customer's is the e-invoice (Factur-X, decision 068).
 * Null when there is none or the caller may not see it (the same answer, so nothing is revealed).
 */
export async function readInvoicePdf(deps: { db: Queryable }, actor: Actor, input: { bookingId: string }): Promise<{ filename: string; pdf: Buffer } | null> {
  const [row] = await deps.db
    .select({ number: invoices.number, data: invoices.data, booking: { id: bookings.id, userId: bookings.userId, tokenHash: bookings.tokenHash } })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(eq(invoices.bookingId, input.bookingId))
    .limit(1);
  if (!row || !can(actor, "booking.invoice", bookingSubject(row.booking))) return null;
  return { filename: `${row.number}.pdf`, pdf: await renderCustomerInvoicePdf(row.data as unknown as InvoiceData) };
}

/**
 * `readInvoicePdf` for a caller that holds an account id (a page's session) and/or the booking cookie's
 * token: only the id matters to "booking.invoice", so the account's role and session are not needed.
 */
export function invoicePdfFor(db: Queryable, input: { bookingId: string; userId?: string | null | undefined; bookingToken?: string | undefined }) {
  const user = input.userId ? { userId: input.userId, role: "customer" as const, sessionId: "" } : null;
  return readInvoicePdf({ db }, withBookingToken(actorOf(user), input.bookingToken), { bookingId: input.bookingId });
}
