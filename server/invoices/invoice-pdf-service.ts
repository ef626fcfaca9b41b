import { and, desc, eq, sql } from "drizzle-orm";
import { can, type Actor } from "../../core/domain/permissions";
import { actorOf, authorize, bookingSubject, withBookingToken } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { bookings, invoices } from "../db/schema";
import { renderCustomerInvoicePdf } from "./e-invoice";
import type { InvoiceData } from "./render-invoice-pdf";

type InvoiceFile = { filename: string; pdf: Buffer };

/**
 * The file of an issued document, rendered from the snapshot taken when it was issued; a business
 * customer's is the e-invoice (Factur-X, decision 068), the same file the mail attached.
 */
async function invoiceFileOf(row: { number: string; data: Record<string, unknown> }): Promise<InvoiceFile> {
  return { filename: `${row.number}.pdf`, pdf: await renderCustomerInvoicePdf(row.data as unknown as InvoiceData) };
}

/**
 * An invoice PDF of a booking for whoever may see it ("booking.invoice" in core/domain/permissions.ts:
 * the account that owns the booking, or the browser holding the booking's token): the document
 * `invoiceId` of that booking, or without one its standing invoice (none once every invoice is cancelled). Null when there is none or the
 * caller may not see it (the same answer, so nothing is revealed).
 */
export async function readInvoicePdf(
  deps: { db: Queryable },
  actor: Actor,
  input: { bookingId: string; invoiceId?: string | undefined },
): Promise<InvoiceFile | null> {
  const [row] = await deps.db
    .select({ number: invoices.number, data: invoices.data, booking: { id: bookings.id, userId: bookings.userId, tokenHash: bookings.tokenHash } })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .where(
      and(
        eq(invoices.bookingId, input.bookingId),
        // Without an id: the standing invoice, never one a cancellation invoice cancelled (money review, finding 8b).
        input.invoiceId
          ? eq(invoices.id, input.invoiceId)
          : and(eq(invoices.kind, "invoice"), sql`not exists (select 1 from ${invoices} as cancelling where cancelling.cancels_invoice_id = ${invoices.id})`),
      ),
    )
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(1);
  if (!row || !can(actor, "booking.invoice", bookingSubject(row.booking))) return null;
  return invoiceFileOf(row);
}

/** Any issued document for the back office ("staff.invoices.read"); null when there is no such document. */
export async function readStaffInvoicePdf(deps: { db: Queryable }, actor: Actor, input: { invoiceId: string }): Promise<InvoiceFile | null> {
  authorize(actor, "staff.invoices.read", null);
  const [row] = await deps.db.select({ number: invoices.number, data: invoices.data }).from(invoices).where(eq(invoices.id, input.invoiceId)).limit(1);
  return row ? invoiceFileOf(row) : null;
}

/**
 * `readInvoicePdf` for a caller that holds an account id (a page's session) and/or the booking cookie's
 * token: only the id matters to "booking.invoice", so the account's role and session are not needed.
 */
export function invoicePdfFor(
  db: Queryable,
  input: { bookingId: string; invoiceId?: string | undefined; userId?: string | null | undefined; bookingToken?: string | undefined },
) {
  const user = input.userId ? { userId: input.userId, role: "customer" as const, sessionId: "" } : null;
  return readInvoicePdf({ db }, withBookingToken(actorOf(user), input.bookingToken), { bookingId: input.bookingId, invoiceId: input.invoiceId });
}
