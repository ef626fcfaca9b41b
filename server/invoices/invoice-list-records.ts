import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { pickLocale } from "../../core/contracts/localized-text";
import type { StaffInvoiceRow, StaffInvoicesQuery } from "../../core/contracts/staff-invoices";
import type { PaymentMethod } from "../../core/domain/booking-account";
import { operatorTimeZone } from "../../core/domain/dates";
import { documentVatOf, signOf, type DocumentLines, type DocumentVat, type VatTreatment } from "../../core/domain/invoice-list";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { bookings, events, invoices, participants, payments, refunds } from "../db/schema";

/**
 * The reads of the accountant's invoice list (decision 069): the documents a query matches, each with
 * its VAT from the lines its snapshot printed, and, for the DATEV batch, the money received and given
 * back in the period. Shared by the list verb and the exports; callers authorize first.
 */

/** The invoice that cancelled a listed one (at most one: `cancels_invoice_id` is unique), and the one a cancellation cancels. */
const cancelling = alias(invoices, "cancelling");
const cancelled = alias(invoices, "cancelled_invoice");

function statusCondition(status: StaffInvoicesQuery["status"]): SQL | undefined {
  switch (status) {
    case "all":
      return undefined;
    case "standing":
      return and(eq(invoices.kind, "invoice"), isNull(cancelling.id));
    case "cancelled":
      return and(eq(invoices.kind, "invoice"), isNotNull(cancelling.id));
    case "cancellations":
      return eq(invoices.kind, "cancellation");
  }
}

export type ListedInvoice = StaffInvoiceRow & { totalCents: number; vatOfDocument: DocumentVat };

type Snapshot = { vatTreatment?: VatTreatment; lines?: DocumentLines["lines"]; customer?: { name?: string; company?: string | null }; bookingCode?: string };

/** Every document the query matches (its page aside), by issue date and number. */
export async function readListedInvoices(db: Queryable, query: StaffInvoicesQuery, locale: Locale): Promise<ListedInvoice[]> {
  const rows = await db
    .select({
      id: invoices.id,
      number: invoices.number,
      kind: invoices.kind,
      issuedOn: invoices.issuedOn,
      totalCents: invoices.totalCents,
      // Only what the list shows of the snapshot.
      snapshot: sql<Snapshot>`jsonb_build_object('vatTreatment', ${invoices.data}->'vatTreatment', 'lines', ${invoices.data}->'lines', 'customer', ${invoices.data}->'customer', 'bookingCode', ${invoices.data}->'bookingCode')`,
      bookingId: bookings.id,
      bookingCode: bookings.code,
      eventId: events.id,
      eventTitle: events.title,
      cancelledBy: cancelling.number,
      cancels: cancelled.number,
    })
    .from(invoices)
    .innerJoin(bookings, eq(bookings.id, invoices.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .leftJoin(cancelling, eq(cancelling.cancelsInvoiceId, invoices.id))
    .leftJoin(cancelled, eq(cancelled.id, invoices.cancelsInvoiceId))
    .where(
      and(
        sql`${invoices.issuedOn} between ${query.from} and ${query.to}`,
        query.event ? eq(bookings.eventId, query.event) : undefined,
        statusCondition(query.status),
      ),
    )
    .orderBy(asc(invoices.issuedOn), asc(invoices.number));
  return rows.map((row) => {
    const snapshot = row.snapshot;
    const vat = documentVatOf({ vatTreatment: snapshot.vatTreatment, lines: snapshot.lines ?? [] }, row.kind);
    return {
      uuid: row.id,
      number: row.number,
      kind: row.kind,
      issued_on: row.issuedOn,
      booking: { uuid: row.bookingId, code: snapshot.bookingCode ?? row.bookingCode ?? "" },
      customer: { name: snapshot.customer?.name ?? "", company: snapshot.customer?.company?.trim() || null },
      event: { uuid: row.eventId, title: pickLocale(row.eventTitle, locale) },
      gross_cents: signOf(row.kind) * row.totalCents,
      vat:
        vat.treatment === "per_line"
          ? {
              treatment: "per_line",
              rates: vat.rates.map((part) => ({ rate_basis_points: part.rateBasisPoints, gross_cents: part.grossCents, vat_cents: part.vatCents })),
            }
          : vat,
      cancels: row.cancels,
      cancelled_by: row.cancelledBy,
      totalCents: row.totalCents,
      vatOfDocument: vat,
    };
  });
}

export type MoneyMovement = { kind: "payment" | "refund"; method: PaymentMethod; amountCents: number; date: string; bookingCode: string; customer: string };

const mainParticipant = alias(participants, "main_participant");
const customerName = sql<string>`coalesce(nullif(${mainParticipant.company}, ''), concat_ws(' ', ${mainParticipant.forename}, ${mainParticipant.surname}), '')`;
/** The operator's calendar day of an instant, as the accountant's period counts it. */
const dayOf = (column: SQL | AnyPgColumn) => sql`to_char(${column} at time zone ${operatorTimeZone}, 'YYYY-MM-DD')`;

/**
 * Money received (payments whose money arrived) and given back (refunds) in the period, of the event's
 * bookings when one is asked for: the batch's postings against the debtor.
 */
export async function readMoneyMovements(db: Queryable, query: Pick<StaffInvoicesQuery, "from" | "to" | "event">): Promise<MoneyMovement[]> {
  const paymentDay = sql<string>`coalesce(${payments.receivedOn}::text, ${dayOf(sql`coalesce(${payments.succeededAt}, ${payments.createdAt})`)})`;
  const refundDay = sql<string>`coalesce(${refunds.paidOutOn}::text, ${dayOf(refunds.createdAt)})`;
  const eventCondition = query.event ? eq(bookings.eventId, query.event) : undefined;
  const mainOn = and(eq(mainParticipant.bookingId, bookings.id), eq(mainParticipant.role, "main"));
  const [paid, returned] = await Promise.all([
    db
      .select({
        method: payments.method,
        amountCents: payments.amountCents,
        date: paymentDay,
        code: bookings.code,
        customer: customerName,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(bookings, eq(bookings.id, payments.bookingId))
      .leftJoin(mainParticipant, mainOn)
      .where(
        and(inArray(payments.status, ["succeeded", "refund_pending", "refunded"]), sql`${paymentDay} between ${query.from} and ${query.to}`, eventCondition),
      )
      .orderBy(asc(paymentDay), asc(payments.createdAt), asc(payments.id)),
    db
      .select({
        method: payments.method,
        amountCents: refunds.amountCents,
        date: refundDay,
        code: bookings.code,
        customer: customerName,
        createdAt: refunds.createdAt,
      })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .innerJoin(bookings, eq(bookings.id, refunds.bookingId))
      .leftJoin(mainParticipant, mainOn)
      .where(and(sql`${refundDay} between ${query.from} and ${query.to}`, eventCondition))
      .orderBy(asc(refundDay), asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const movement = (kind: MoneyMovement["kind"]) => (row: (typeof paid)[number]) => ({
    kind,
    method: row.method,
    amountCents: row.amountCents,
    date: row.date,
    bookingCode: row.code ?? "",
    customer: row.customer,
    at: row.createdAt.getTime(),
  });
  return [...paid.map(movement("payment")), ...returned.map(movement("refund"))]
    .sort((a, b) => a.date.localeCompare(b.date) || a.at - b.at)
    .map(({ at: _at, ...rest }) => rest);
}
