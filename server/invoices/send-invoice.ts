import { eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { Queryable } from "../db/client";
import { type bookings, events } from "../db/schema";
import type { EmailToSend } from "../email/enqueue-email";
import { displayNameOf, mainParticipantOf } from "../bookings/drafts";
import { manageLinkUrl } from "../bookings/manage-links";
import { issueInvoice } from "./issue-invoice";

type BookingRow = typeof bookings.$inferSelect;

/**
 * Every booking that becomes binding gets its invoice (issue 28): an invoice booking when it is
 * submitted, a card booking when its first payment succeeds, an SMA request when staff verify it.
 * Issues it in the caller's transaction (once per booking) and, when it is new, mails it to the
 * customer in the booking's language. `booking` carries the figures as they stand after the change.
 */
export async function issueAndSendInvoice(
  tx: Queryable,
  deps: { publicOrigin: string; manageLinkSecret: string; enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown> },
  booking: BookingRow,
  now: Date,
): Promise<Awaited<ReturnType<typeof issueInvoice>>> {
  const invoice = await issueInvoice(tx, booking, now);
  if (!invoice.issued) return invoice;
  const main = await mainParticipantOf(tx, booking.id);
  const [event] = await tx.select().from(events).where(eq(events.id, booking.eventId)).limit(1);
  if (!main?.email || !event) return invoice;
  await deps.enqueueMail(tx, {
    template: "invoice",
    locale: booking.locale,
    to: main.email,
    bookingId: booking.id,
    payload: {
      name: displayNameOf(main),
      code: booking.code ?? "",
      eventTitle: pickLocale(event.title, booking.locale),
      invoiceNumber: invoice.number,
      totalCents: booking.totalCents,
      depositCents: booking.depositCents,
      remainderCents: booking.remainderCents,
      remainderDueOn: booking.remainderDueOn,
      bookingsUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
      invoice: invoice.data,
    },
  });
  return invoice;
}
