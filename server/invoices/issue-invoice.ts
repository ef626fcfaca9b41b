import { asc, eq, sql } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { operatorToday } from "../../core/domain/dates";
import { bankTransferDueOn } from "../../core/domain/payment-due";
import type { Queryable } from "../db/client";
import { type bookings, invoiceNumberCounters, events, invoices, participants, sites } from "../db/schema";
import { recordTransition } from "../bookings/record-transition";
import { readBookingAccount } from "../bookings/booking-account";
import { labelledPriceLines } from "../bookings/price-lines";
import type { InvoiceData } from "./render-invoice-pdf";

type BookingRow = typeof bookings.$inferSelect;

/**
 * Issues the booking's invoice once (PRODUCT.md: invoice bookings get one at once): the next number,
 * and a snapshot of everything printed on it, from the operator's data and the booking's own stored
 * prices. Run it in the transaction that makes the booking binding. Issuing again answers the first
 * one (`issued: false`).
 */
export async function issueInvoice(tx: Queryable, booking: BookingRow, now: Date): Promise<{ id: string; number: string; data: InvoiceData; issued: boolean }> {
  const [existing] = await tx.select().from(invoices).where(eq(invoices.bookingId, booking.id)).limit(1);
  if (existing) return { id: existing.id, number: existing.number, data: existing.data as InvoiceData, issued: false };
  const data = await invoiceDataOf(tx, booking, now);
  const number = await nextInvoiceNumber(tx, Number(data.issuedOn.slice(0, 4)));
  data.invoiceNumber = number;
  const [row] = await tx.insert(invoices).values({ bookingId: booking.id, number, issuedOn: data.issuedOn, data }).returning({ id: invoices.id });
  if (!row) throw new Error("invoice insert returned nothing");
  await recordTransition(tx, {
    booking,
    event: "invoice_issued",
    cause: `invoice ${number} issued`,
    details: { invoiceId: row.id, totalCents: data.totalCents },
    now,
  });
  return { id: row.id, number, data, issued: true };
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

async function cardFiguresOf(tx: Queryable, booking: BookingRow, now: Date): Promise<Pick<InvoiceData, "paidCents" | "paidByCard" | "stillDue">> {
  const { account } = await readBookingAccount(tx, booking, now);
  return {
    paidCents: account.netPaidCents,
    paidByCard: true,
    stillDue: account.dues.filter((due) => due.outstandingCents > 0).map((due) => ({ amountCents: due.outstandingCents, dueOn: due.dueOn })),
  };
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
  const name = [main?.forename, main?.surname].filter(Boolean).join(" ") || main?.email || "—";
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
    depositDueOn: bankTransferDueOn({
      submittedOn: operatorToday(booking.submittedAt ?? now),
      dueDays: site.bankTransferDueDays,
      remainderDueOn: booking.remainderDueOn,
      startsOn: event.startsOn,
    }),
    remainderCents: booking.remainderCents,
    remainderDueOn: booking.remainderDueOn,
    paidCents: booking.paidCents,
    // A card booking's invoice comes with its first payment: what was paid and what is still due, from the account.
    ...(booking.paymentOption === "credit_card" ? await cardFiguresOf(tx, booking, now) : {}),
  };
}
