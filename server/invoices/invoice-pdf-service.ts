import { and, eq, or } from "drizzle-orm";
import { hashToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { bookings, invoices } from "../db/schema";
import { renderInvoicePdf, type InvoiceData } from "./render-invoice-pdf";

/**
 * The invoice PDF of a booking for whoever may see it: the account that owns the booking, or the
 * browser holding the booking's token. Rendered from the snapshot taken when it was issued. Null
 * when there is none or the caller may not see it (the same answer, so nothing is revealed).
 */
export async function invoicePdfFor(
  db: Queryable,
  input: { bookingId: string; userId?: string | null | undefined; bookingToken?: string | undefined },
): Promise<{ filename: string; pdf: Buffer } | null> {
  const ways = [
    ...(input.bookingToken ? [eq(bookings.tokenHash, hashToken(input.bookingToken))] : []),
    ...(input.userId ? [eq(bookings.userId, input.userId)] : []),
  ];
  if (!ways.length) return null;
  const access = or(...ways);
  const [row] = await db
    .select({ number: invoices.number, data: invoices.data })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(and(eq(invoices.bookingId, input.bookingId), access))
    .limit(1);
  if (!row) return null;
  return { filename: `${row.number}.pdf`, pdf: await renderInvoicePdf(row.data as unknown as InvoiceData) };
}
