import { eq } from "drizzle-orm";
import { z } from "zod";
import { pickLocale } from "../../core/contracts/localized-text";
import { operatorToday } from "../../core/domain/dates";
import { bookingEventAllowed } from "../../core/domain/booking-state-machine";
import { paymentDue } from "../../core/domain/payment-due";
import type { Database, Queryable } from "../db/client";
import { bookings, events } from "../db/schema";
import type { EmailToSend } from "../deps/enqueue-email";
import { payLinkUrl } from "./pay-links";
import { manageLinkUrl } from "../bookings/manage-links";
import { addresseeNameOf, mainParticipantOf } from "../bookings/main-participant";
import { countBookingEvents, recordTransition } from "../bookings/record-transition";
import { readBookingAccount } from "../bookings/booking-account";
import { emailAccountOf } from "../email/email-account";

export { balanceDueJob } from "../bookings/booking-jobs";

/**
 * The durable job: while a confirmed booking still owes its balance, mail the customer the amount,
 * the due date and a pay link, then schedule the next reminder. A paid or cancelled booking ends it.
 */
export async function runBalanceDue(
  db: Database,
  payload: Record<string, unknown>,
  deps: {
    now: Date;
    publicOrigin: string;
    payLinkSecret: string;
    manageLinkSecret: string;
    enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
  },
): Promise<"sent" | "settled"> {
  const { bookingId } = z.object({ bookingId: z.string().uuid() }).parse(payload);
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update").limit(1);
    if (!booking || !bookingEventAllowed(booking.status, "balance_reminder_sent")) return "settled";
    const { account } = await readBookingAccount(tx, booking, deps.now);
    if (account.outstandingCents === 0) return "settled";
    const [event] = await tx.select().from(events).where(eq(events.id, booking.eventId)).limit(1);
    const main = await mainParticipantOf(tx, booking.id);
    if (!event || !main?.email || event.startsOn <= operatorToday(deps.now)) return "settled";
    const due = paymentDue(booking, account, deps.now);
    if (!("amountCents" in due)) return "settled";
    const dueAmount = due.amountCents;
    // Counted from the audit rows' structured event, never from their wording (decision 017).
    const sentBefore = await countBookingEvents(tx, booking.id, "balance_reminder_sent");
    await deps.enqueueMail(tx, {
      template: "balance-due",
      locale: booking.locale,
      to: main.email,
      payload: {
        name: addresseeNameOf(main, booking.locale),
        code: booking.code ?? "",
        eventTitle: pickLocale(event.title, booking.locale),
        startsOn: event.startsOn,
        // What the pay link will ask for: from the due date on, everything outstanding.
        amountCents: dueAmount,
        dueOn: booking.remainderDueOn ?? operatorToday(deps.now),
        reminder: sentBefore > 0,
        payUrl: payLinkUrl(deps.publicOrigin, deps.payLinkSecret, booking.id, booking.locale),
        manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
        account: emailAccountOf(account),
      },
    });
    // The transition schedules the next reminder a week later (bookingFollowUps).
    await recordTransition(tx, {
      booking,
      event: "balance_reminder_sent",
      cause: "balance due e-mail sent",
      details: { n: sentBefore + 1, reminder: sentBefore > 0, amountCents: dueAmount },
      now: deps.now,
    });
    return "sent";
  });
}
