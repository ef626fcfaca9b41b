import { eq } from "drizzle-orm";
import { invoiceCorrectionOf } from "../../core/domain/invoice-corrections";
import type { Queryable } from "../db/client";
import { bookings } from "../db/schema";
import { emailAccountOf } from "../email/email-account";
import { readBookingAccount } from "../bookings/booking-account";
import { invoiceMailHead, type InvoiceMailDeps } from "./send-invoice";
import { drawUpInvoice, invoicesOfBooking, issueCancellationInvoice, issueDrawnUpInvoice, sayTheSame } from "./issue-invoice";
import type { InvoiceData } from "./render-invoice-pdf";


export type InvoiceCorrection = { cancelled: { number: string; cancels: string }[]; issued: { number: string; totalCents: number } | null };

/**
 * After anything that may change what a booking owes or what its invoice says (a staff edit, a
 * companion added or removed, a cancellation, a fee kept, a refund that lowers the fee, a reduction):
 * in the caller's transaction, under the booking's lock, the standing invoice is cancelled by a
 * cancellation invoice and a new one is issued for what is owed now (core/domain/invoice-corrections.ts).
 * A booking that has no invoice yet is not binding and is left alone. With `notify`, the customer gets
 * both documents in one mail in the booking's language.
 */
export async function correctInvoices(
  tx: Queryable,
  deps: InvoiceMailDeps,
  input: { bookingId: string; now: Date; notify: boolean },
): Promise<InvoiceCorrection> {
  const none: InvoiceCorrection = { cancelled: [], issued: null };
  const issued = await invoicesOfBooking(tx, input.bookingId);
  if (issued.length === 0) return none;
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).limit(1);
  if (!booking) return none;
  const { account } = await readBookingAccount(tx, booking, input.now);
  const drawnUp = await drawUpInvoice(tx, booking, input.now, { replacing: true });
  const cancelledIds = new Set(issued.flatMap((invoice) => (invoice.cancelsInvoiceId ? [invoice.cancelsInvoiceId] : [])));
  const standing = issued.filter((invoice) => invoice.kind === "invoice" && !cancelledIds.has(invoice.id));
  const correction = invoiceCorrectionOf(issued, {
    owedCents: account.owedCents,
    standingStillFits: standing.length === 1 && standing[0] !== undefined && sayTheSame(standing[0].data as InvoiceData, drawnUp),
  });
  if (correction.cancel.length === 0 && !correction.issue) return none;
  const cancellations: InvoiceData[] = [];
  for (const id of correction.cancel) {
    const cancelled = issued.find((invoice) => invoice.id === id);
    if (!cancelled) throw new Error(`invoice ${id} is not the booking's`);
    cancellations.push((await issueCancellationInvoice(tx, booking, cancelled, input.now)).data);
  }
  let replacement: InvoiceData | null = null;
  if (correction.issue) {
    // The invoice says what the account owes: a difference is a bug, never a document.
    if (drawnUp.totalCents !== account.owedCents) throw new Error(`invoice of ${drawnUp.totalCents} drawn up for ${account.owedCents} owed`);
    replacement = (await issueDrawnUpInvoice(tx, booking, drawnUp, input.now)).data;
  }
  if (input.notify && cancellations.length > 0) await mailCorrection(tx, deps, booking, { cancellations, replacement, account: emailAccountOf(account) });
  // An invoice issued with nothing to cancel (the booking owes again after everything was reduced): mailed as an invoice is.
  else if (input.notify && replacement) await mailNewInvoice(tx, deps, booking, replacement);
  return {
    cancelled: cancellations.map((document) => ({ number: document.invoiceNumber, cancels: document.cancels?.invoiceNumber ?? "" })),
    issued: replacement ? { number: replacement.invoiceNumber, totalCents: replacement.totalCents } : null,
  };
}

async function mailCorrection(
  tx: Queryable,
  deps: InvoiceMailDeps,
  booking: typeof bookings.$inferSelect,
  documents: { cancellations: InvoiceData[]; replacement: InvoiceData | null; account: ReturnType<typeof emailAccountOf> },
): Promise<void> {
  const head = await invoiceMailHead(tx, deps, booking);
  if (!head) return;
  const { to, ...named } = head;
  await deps.enqueueMail(tx, {
    template: "invoice-corrected",
    locale: booking.locale,
    to,
    bookingId: booking.id,
    payload: {
      ...named,
      cancellations: documents.cancellations.map((document) => ({ ...document, kind: "cancellation" as const, cancels: document.cancels ?? { invoiceNumber: "", issuedOn: document.issuedOn } })),
      invoice: documents.replacement,
      account: documents.account,
    },
  });
}

async function mailNewInvoice(tx: Queryable, deps: InvoiceMailDeps, booking: typeof bookings.$inferSelect, invoice: InvoiceData): Promise<void> {
  const head = await invoiceMailHead(tx, deps, booking);
  if (!head) return;
  const { to, bookingsUrl, ...named } = head;
  await deps.enqueueMail(tx, {
    template: "invoice",
    locale: booking.locale,
    to,
    bookingId: booking.id,
    payload: {
      ...named,
      invoiceNumber: invoice.invoiceNumber,
      totalCents: invoice.totalCents,
      depositCents: booking.depositCents,
      remainderCents: booking.remainderCents,
      remainderDueOn: booking.remainderDueOn,
      bookingsUrl,
      invoice,
    },
  });
}
