import { asc, eq, sql } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { owedBy } from "../../core/domain/booking-account";
import { operatorToday } from "../../core/domain/dates";
import { shareOverRates } from "../../core/domain/invoice-corrections";
import { bankTransferDueOn } from "../../core/domain/payment-due";
import { namespaceTranslatorFor } from "../../core/i18n/i18n";
import type { Queryable } from "../db/client";
import { type bookings, invoiceNumberCounters, events, invoices, participants, sites } from "../db/schema";
import { recordTransition } from "../bookings/record-transition";
import { readBookingAccount } from "../bookings/booking-account";
import { addressNameOf } from "../bookings/main-participant";
import { defaultVatRate, labelledPriceLines } from "../bookings/price-lines";
import type { InvoiceData } from "./render-invoice-pdf";

type BookingRow = typeof bookings.$inferSelect;

/** An issued invoice as the booking's corrections read it (core/domain/invoice-corrections.ts). */
export type InvoiceRow = typeof invoices.$inferSelect;

/** The booking's invoices and cancellation invoices, oldest first. */
export function invoicesOfBooking(tx: Queryable, bookingId: string): Promise<InvoiceRow[]> {
  return tx.select().from(invoices).where(eq(invoices.bookingId, bookingId)).orderBy(asc(invoices.createdAt), asc(invoices.number));
}

/**
 * Issues the booking's first invoice (PRODUCT.md: a booking gets one when it becomes binding): the
 * next number, and a snapshot of everything printed on it, from the operator's data and the booking's
 * own stored prices. Run it in the transaction that makes the booking binding. A booking that has an
 * invoice already answers its latest one (`issued: false`); later changes go through
 * correct-invoices.ts.
 */
export async function issueInvoice(tx: Queryable, booking: BookingRow, now: Date): Promise<{ id: string; number: string; data: InvoiceData; issued: boolean }> {
  const issued = await invoicesOfBooking(tx, booking.id);
  const latest = issued.findLast((invoice) => invoice.kind === "invoice");
  if (latest) return { id: latest.id, number: latest.number, data: latest.data as InvoiceData, issued: false };
  return { ...(await issueDrawnUpInvoice(tx, booking, await drawUpInvoice(tx, booking, now), now)), issued: true };
}

/** Numbers and stores an invoice drawn up by `drawUpInvoice`, with its audit row. */
export async function issueDrawnUpInvoice(
  tx: Queryable,
  booking: BookingRow,
  data: InvoiceData,
  now: Date,
): Promise<{ id: string; number: string; data: InvoiceData }> {
  const number = await nextInvoiceNumber(tx, Number(data.issuedOn.slice(0, 4)));
  const numbered: InvoiceData = { ...data, kind: "invoice", invoiceNumber: number };
  const [row] = await tx
    .insert(invoices)
    .values({ bookingId: booking.id, kind: "invoice", number, issuedOn: numbered.issuedOn, totalCents: numbered.totalCents, data: numbered })
    .returning({ id: invoices.id });
  if (!row) throw new Error("invoice insert returned nothing");
  await recordTransition(tx, {
    booking,
    event: "invoice_issued",
    cause: `invoice ${number} issued`,
    details: { invoiceId: row.id, number, kind: "invoice", totalCents: numbered.totalCents },
    now,
  });
  return { id: row.id, number, data: numbered };
}

/**
 * Cancels an issued invoice in full by a cancellation invoice (Stornorechnung, type 381) of its own
 * number: the cancelled invoice's lines and total again, dated today, referring to it by number and
 * date. The database refuses a second cancellation of the same invoice.
 */
export async function issueCancellationInvoice(
  tx: Queryable,
  booking: BookingRow,
  cancelled: InvoiceRow,
  now: Date,
): Promise<{ id: string; number: string; data: InvoiceData }> {
  const original = cancelled.data as InvoiceData;
  const issuedOn = operatorToday(now);
  const number = await nextInvoiceNumber(tx, Number(issuedOn.slice(0, 4)));
  const data: InvoiceData = {
    ...original,
    kind: "cancellation",
    invoiceNumber: number,
    issuedOn,
    cancels: { invoiceNumber: cancelled.number, issuedOn: cancelled.issuedOn },
    totalCents: cancelled.totalCents,
  };
  const [row] = await tx
    .insert(invoices)
    .values({ bookingId: booking.id, kind: "cancellation", cancelsInvoiceId: cancelled.id, number, issuedOn, totalCents: cancelled.totalCents, data })
    .returning({ id: invoices.id });
  if (!row) throw new Error("cancellation invoice insert returned nothing");
  await recordTransition(tx, {
    booking,
    event: "invoice_issued",
    cause: `cancellation invoice ${number} issued, cancelling ${cancelled.number}`,
    details: { invoiceId: row.id, number, kind: "cancellation", cancels: cancelled.number, totalCents: cancelled.totalCents },
    now,
  });
  return { id: row.id, number, data };
}

/**
 * The year's next invoice number, counted in the issuing transaction (GoBD: consecutive, no gaps). The
 * upsert locks the year's row until the transaction ends, so a rolled-back issue gives its number back.
 */
async function nextInvoiceNumber(tx: Queryable, year: number): Promise<string> {
  const [counted] = await tx
    .insert(invoiceNumberCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: invoiceNumberCounters.year, set: { lastNumber: sql`${invoiceNumberCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceNumberCounters.lastNumber });
  if (!counted) throw new Error("the invoice number counter returned nothing");
  return `INV-${year}-${String(counted.lastNumber).padStart(6, "0")}`;
}

/** What was paid and what is still due by when, from the booking account as it is when the invoice is drawn up. */
async function accountFiguresOf(tx: Queryable, booking: BookingRow, now: Date): Promise<Pick<InvoiceData, "paidCents" | "stillDue">> {
  const { account } = await readBookingAccount(tx, booking, now);
  return {
    paidCents: account.netPaidCents,
    stillDue: account.dues.filter((due) => due.outstandingCents > 0).map((due) => ({ amountCents: due.outstandingCents, dueOn: due.dueOn })),
  };
}

/**
 * What an invoice issued now would say (unnumbered): the booking's price lines, less a reduction
 * staff granted; for a cancelled booking only the cancellation fee it keeps. A first invoice of a
 * bank-transfer booking prints its transfer schedule; every other invoice prints what the account
 * says was paid and is still due.
 */
export async function drawUpInvoice(tx: Queryable, booking: BookingRow, now: Date, options: { replacing?: boolean } = {}): Promise<InvoiceData> {
  const data = await invoiceDataOf(tx, booking, now);
  const t = namespaceTranslatorFor(booking.locale, "invoice");
  // A fee or a reduction is shared over the booking's VAT rates in proportion to their gross (money review, finding 5).
  const priced = data.lines.length > 0 ? data.lines : [{ totalCents: 0, vatRateBasisPoints: defaultVatRate }];
  const linesOf = (label: string, cents: number, sign: 1 | -1) =>
    shareOverRates(cents, priced.map((line) => ({ totalCents: line.totalCents, vatRateBasisPoints: line.vatRateBasisPoints }))).map((share) => ({
      label,
      quantity: 1,
      unitCents: sign * share.amountCents,
      totalCents: sign * share.amountCents,
      vatRateBasisPoints: share.vatRateBasisPoints,
    }));
  if (booking.status === "cancelled") {
    // What the account owes once cancelled (owedBy): the fee kept, never more than the booking cost.
    const fee = owedBy(booking);
    data.lines = fee > 0 ? linesOf(t("cancellationFee"), fee, 1) : [{ label: t("cancellationFee"), quantity: 1, unitCents: 0, totalCents: 0, vatRateBasisPoints: priced[0]?.vatRateBasisPoints }];
    data.totalCents = fee;
  } else if (booking.creditedCents > 0) {
    const reduction = Math.min(booking.creditedCents, booking.totalCents);
    data.lines = [...data.lines, ...linesOf(t("reduction"), reduction, -1)];
    data.totalCents = booking.totalCents - reduction;
  }
  // An invoice's lines add up to its total: a difference is a bug, never a document (money review, finding 3).
  const linesTotal = data.lines.reduce((sum, line) => sum + line.totalCents, 0);
  if (linesTotal !== data.totalCents) throw new Error(`invoice lines of ${linesTotal} drawn up for a total of ${data.totalCents}`);
  const scheduleOnly = booking.paymentOption !== "credit_card" && !options.replacing && booking.status !== "cancelled";
  if (scheduleOnly) return data;
  return { ...data, ...(await accountFiguresOf(tx, booking, now)), paidByCard: booking.paymentOption === "credit_card" };
}

/** A value as text with its object keys sorted: a snapshot read back from jsonb has its keys in jsonb's order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    return `{${entries
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => `${JSON.stringify(key)}:${canonical(entry)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Whether an invoice drawn up now says what the standing one says: the same lines, total, addressee and event. */
export function sayTheSame(standing: InvoiceData, drawnUp: InvoiceData): boolean {
  const said = (data: InvoiceData) => canonical({ lines: data.lines, total: data.totalCents, customer: data.customer, event: data.event });
  return said(standing) === said(drawnUp);
}

async function invoiceDataOf(tx: Queryable, booking: BookingRow, now: Date): Promise<InvoiceData> {
  const locale = booking.locale;
  const [site] = await tx.select().from(sites).limit(1);
  const [event] = await tx.select().from(events).where(eq(events.id, booking.eventId)).limit(1);
  if (!site || !event) throw new Error("an invoice needs the operator's data and the event");
  const people = await tx.select().from(participants).where(eq(participants.bookingId, booking.id)).orderBy(asc(participants.position));
  const main = people.find((person) => person.role === "main");
  // One printed line per priced thing, labelled in the booking's language (the staff detail lists the same).
  const printed = (await labelledPriceLines(tx, booking, locale)).map(({ label, quantity, unitCents, totalCents, vatRateBasisPoints }) => ({
    label,
    quantity,
    unitCents,
    totalCents,
    vatRateBasisPoints,
  }));
  const billing = booking.separateBillingAddress ? booking.billingAddress : null;
  const depositDueOn =
    booking.depositDueOn ??
    bankTransferDueOn({
      submittedOn: operatorToday(booking.submittedAt ?? now),
      dueDays: site.bankTransferDueDays,
      remainderDueOn: booking.remainderDueOn,
      startsOn: event.startsOn,
    });
  // The address block as letters write it, with the salutation and title the booking holds (issue 32).
  const name = addressNameOf(main, locale);
  return {
    locale,
    invoiceNumber: "",
    issuedOn: operatorToday(now),
    bookingCode: booking.code ?? "",
    operator: {
      company: site.company,
      street: site.street,
      zip: site.zip,
      city: site.city,
      country: site.country,
      phone: site.phone,
      fax: site.fax,
      email: site.email,
      website: site.website,
      registryCourt: site.registryCourt,
      managingDirector: site.managingDirector,
      vatId: site.vatId,
    },
    bank: { accountHolder: site.company, iban: site.iban ?? "—", bic: site.bic ?? "—", bankName: site.bankName ?? "—" },
    customer: billing
      ? {
          name: billing.name ?? [billing.forename, billing.surname].filter(Boolean).join(" ") ?? name,
          company: billing.company ?? null,
          street: billing.street ?? null,
          addressLine2: billing.address_line_2 ?? null,
          postcode: billing.postcode ?? null,
          city: billing.city ?? null,
          country: billing.country ?? null,
          vatId: billing.vat_id ?? null,
        }
      : {
          name,
          company: main?.company ?? null,
          street: main?.street ?? null,
          addressLine2: main?.addressLine2 ?? null,
          postcode: main?.postcode ?? null,
          city: main?.city ?? null,
          country: main?.country ?? null,
          vatId: main?.vatId ?? null,
        },
    event: { title: pickLocale(event.title, locale), startsOn: event.startsOn, endsOn: event.endsOn, location: pickLocale(event.location, locale) },
    // The operator's VAT treatment as it is today: a later change of the settings leaves issued invoices as they were.
    vatTreatment: site.vatTreatment,
    lines: printed,
    totalCents: booking.totalCents,
    depositCents: booking.depositCents,
    // The date the booking itself holds (set when it became binding: submission, or a request's verification).
    depositDueOn,
    remainderCents: booking.remainderCents,
    // Never before the deposit, as the account has it (a request verified after its balance's date owes both at once).
    remainderDueOn: booking.remainderDueOn !== null && booking.remainderDueOn < depositDueOn ? depositDueOn : booking.remainderDueOn,
    paidCents: booking.paidCents,
  };
}
