import { asc, inArray } from "drizzle-orm";
import type { InvoiceSummary } from "../../core/contracts/invoices";
import type { Queryable } from "../db/client";
import { invoices } from "../db/schema";

type SummaryRow = Pick<typeof invoices.$inferSelect, "id" | "bookingId" | "number" | "kind" | "issuedOn" | "totalCents" | "cancelsInvoiceId">;

/** A booking's documents as the surfaces list them, oldest first, each naming what it cancels or what cancelled it. */
export function invoiceSummariesOf(rows: readonly SummaryRow[]): InvoiceSummary[] {
  const numberOf = new Map(rows.map((row) => [row.id, row.number]));
  const cancelledBy = new Map(rows.flatMap((row) => (row.cancelsInvoiceId ? [[row.cancelsInvoiceId, row.number] as const] : [])));
  return rows.map((row) => ({
    uuid: row.id,
    number: row.number,
    kind: row.kind,
    issued_on: row.issuedOn,
    total_cents: row.totalCents,
    cancels: row.cancelsInvoiceId ? (numberOf.get(row.cancelsInvoiceId) ?? null) : null,
    cancelled_by: cancelledBy.get(row.id) ?? null,
  }));
}

/** The documents of many bookings in one statement (the customer's dashboard), by booking. */
export async function readInvoiceSummaries(db: Queryable, bookingIds: readonly string[]): Promise<Map<string, InvoiceSummary[]>> {
  const byBooking = new Map<string, InvoiceSummary[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      id: invoices.id,
      bookingId: invoices.bookingId,
      number: invoices.number,
      kind: invoices.kind,
      issuedOn: invoices.issuedOn,
      totalCents: invoices.totalCents,
      cancelsInvoiceId: invoices.cancelsInvoiceId,
    })
    .from(invoices)
    .where(inArray(invoices.bookingId, [...bookingIds]))
    .orderBy(asc(invoices.createdAt), asc(invoices.number));
  const grouped = new Map<string, SummaryRow[]>();
  for (const row of rows) grouped.set(row.bookingId, [...(grouped.get(row.bookingId) ?? []), row]);
  for (const [bookingId, group] of grouped) byBooking.set(bookingId, invoiceSummariesOf(group));
  return byBooking;
}
