import { eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { Queryable } from "../db/client";
import { type bookings, events } from "../db/schema";
import type { EmailToSend } from "../deps/enqueue-email";
import { addresseeNameOf, mainParticipantOf } from "../bookings/main-participant";
import { manageLinkUrl } from "../bookings/manage-links";
import { issueInvoice } from "./issue-invoice";

type BookingRow = typeof bookings.$inferSelect;

export type InvoiceMailDeps = {
  publicOrigin: string;
  manageLinkSecret: string;
  enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
};

/** Who an invoice mail of the booking goes to, and what every such mail names: null without a main participant's address. */
export async function invoiceMailHead(tx: Queryable, deps: InvoiceMailDeps, booking: BookingRow) {
  const main = await mainParticipantOf(tx, booking.id);
  const [event] = await tx.select({ title: events.title }).from(events).where(eq(events.id, booking.eventId)).limit(1);
  if (!main?.email || !event) return null;
  return {
    to: main.email,
    name: addresseeNameOf(main, booking.locale),
    code: booking.code ?? "",
    eventTitle: pickLocale(event.title, booking.locale),
    bookingsUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
  };
}

/**
 * Every booking that becomes binding gets its invoice (issue 28): an invoice booking when it is
 * submitted, a card booking when its first payment succeeds, an SMA request when staff verify it.
 * Issues it in the caller's transaction (once per booking) and, when it is new, mails it to the
 * customer in the booking's language. `booking` carries the figures as they stand after the change.
 */
export async function issueAndSendInvoice(
  tx: Queryable,
  deps: InvoiceMailDeps,
  booking: BookingRow,
  now: Date,
): Promise<Awaited<ReturnType<typeof issueInvoice>>> {
  const invoice = await issueInvoice(tx, booking, now);
  if (!invoice.issued) return invoice;
  const mailHead = await invoiceMailHead(tx, deps, booking);
  if (!mailHead) return invoice;
  const { to, bookingsUrl, ...named } = mailHead;
  await deps.enqueueMail(tx, {
    template: "invoice",
    locale: booking.locale,
    to,
    bookingId: booking.id,
    payload: {
      ...named,
      invoiceNumber: invoice.number,
      totalCents: booking.totalCents,
      depositCents: booking.depositCents,
      remainderCents: booking.remainderCents,
      remainderDueOn: booking.remainderDueOn,
      bookingsUrl,
      invoice: invoice.data,
    },
  });
  return invoice;
}
