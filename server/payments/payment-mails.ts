import { eq } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import type { BookingAccount } from "../../core/domain/booking-account";
import type { Queryable } from "../db/client";
import { type bookings, events } from "../db/schema";
import { emailAccountOf } from "../email/email-account";
import type { EmailToSend } from "../deps/enqueue-email";
import { addresseeNameOf, mainParticipantOf } from "../bookings/main-participant";
import { manageLinkUrl } from "../bookings/manage-links";
import { issueAndSendInvoice } from "../invoices/send-invoice";

type BookingRow = typeof bookings.$inferSelect;

/**
 * After a card payment succeeded, in its transaction: the receipt and, when the payment made the
 * booking binding (its first one), the booking's invoice saying what was paid (issue 28; issuing is
 * once per booking, so a later balance payment gets the receipt only). `booking` carries the figures
 * as they stand after the payment.
 */
export async function sendPaymentMails(
  tx: Queryable,
  deps: { publicOrigin: string; manageLinkSecret: string; enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown> },
  input: { booking: BookingRow; account: BookingAccount; amountCents: number; now: Date },
): Promise<void> {
  const { booking } = input;
  const main = await mainParticipantOf(tx, booking.id);
  const [event] = await tx.select().from(events).where(eq(events.id, booking.eventId)).limit(1);
  if (main?.email && event) {
    await deps.enqueueMail(tx, {
      template: "payment-received",
      locale: booking.locale,
      to: main.email,
      payload: {
        name: addresseeNameOf(main, booking.locale),
        code: booking.code ?? "",
        eventTitle: pickLocale(event.title, booking.locale),
        startsOn: event.startsOn,
        amountCents: input.amountCents,
        paidCents: booking.paidCents,
        totalCents: booking.totalCents,
        remainderDueOn: input.account.outstandingCents > 0 ? booking.remainderDueOn : null,
        manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
        account: emailAccountOf(input.account),
      },
    });
  }
  await issueAndSendInvoice(tx, deps, booking, input.now);
}
