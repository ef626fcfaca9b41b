import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { pickLocale } from "../../core/contracts/localized-text";
import { operatorToday } from "../../core/domain/dates";
import { paymentDue } from "../../core/domain/payment-due";
import type { Database, Queryable } from "../db/client";
import { bookingEvents, bookings, events, jobs } from "../db/schema";
import type { EmailToSend } from "../email/enqueue-email";
import { payLinkUrl } from "./pay-links";
import { displayNameOf, mainParticipantOf } from "../bookings/drafts";

export const balanceDueJob = "payment.balance-due";
/** Reminders follow a week apart while the balance is unpaid, until the event starts. */
const reminderEveryDays = 7;
/** Mails go out in the operator's morning, not at midnight. */
const sendAtUtcHour = 7;

const atMorningOf = (isoDate: string) => new Date(`${isoDate}T${String(sendAtUtcHour).padStart(2, "0")}:00:00Z`);

/**
 * Schedules the balance-due mail of a booking confirmed with a remainder (card or SMA; invoice
 * bookings have the dates on their invoice). On the due date, or at once when it has passed.
 */
export async function scheduleBalanceDue(tx: Queryable, booking: Pick<typeof bookings.$inferSelect, "id" | "remainderDueOn" | "paymentOption">, now: Date) {
  if (!booking.remainderDueOn || booking.paymentOption === "invoice") return;
  const [pending] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, balanceDueJob), isNull(jobs.doneAt), eq(jobs.payload, { bookingId: booking.id })))
    .limit(1);
  if (pending) return;
  const due = atMorningOf(booking.remainderDueOn);
  await tx.insert(jobs).values({ kind: balanceDueJob, payload: { bookingId: booking.id }, runAt: due > now ? due : now });
}

/**
 * The durable job: while a confirmed booking still owes its balance, mail the customer the amount,
 * the due date and a pay link, then schedule the next reminder. A paid or cancelled booking ends it.
 */
export async function runBalanceDue(
  db: Database,
  payload: Record<string, unknown>,
  deps: { now: Date; publicOrigin: string; payLinkSecret: string; enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown> },
): Promise<"sent" | "settled"> {
  const { bookingId } = z.object({ bookingId: z.string().uuid() }).parse(payload);
  return db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update").limit(1);
    if (!booking || booking.status !== "confirmed" || booking.paidCents >= booking.totalCents) return "settled";
    const [event] = await tx.select().from(events).where(eq(events.id, booking.eventId)).limit(1);
    const main = await mainParticipantOf(tx, booking.id);
    if (!event || !main?.email || event.startsOn <= operatorToday(deps.now)) return "settled";
    const due = paymentDue(booking, deps.now);
    if (!("amountCents" in due)) return "settled";
    const dueAmount = due.amountCents;
    const [{ count } = { count: 0 }] = await tx
      .select({ count: bookingEvents.id })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.cause, "balance due e-mail sent")))
      .then((rows) => [{ count: rows.length }]);
    await deps.enqueueMail(tx, {
      template: "balance-due",
      locale: booking.locale,
      to: main.email,
      payload: {
        name: displayNameOf(main),
        code: booking.code ?? "",
        eventTitle: pickLocale(event.title, booking.locale),
        startsOn: event.startsOn,
        // What the pay link will ask for: from the due date on, everything outstanding.
        amountCents: dueAmount,
        dueOn: booking.remainderDueOn ?? operatorToday(deps.now),
        reminder: count > 0,
        payUrl: payLinkUrl(deps.publicOrigin, deps.payLinkSecret, booking.id, booking.locale),
      },
    });
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      fromStatus: booking.status,
      toStatus: booking.status,
      cause: "balance due e-mail sent",
      details: { reminder: count > 0, amountCents: dueAmount },
      at: deps.now,
    });
    await tx
      .insert(jobs)
      .values({ kind: balanceDueJob, payload: { bookingId: booking.id }, runAt: new Date(deps.now.getTime() + reminderEveryDays * 24 * 3600_000) });
    return "sent";
  });
}
