import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { type bookings, jobs } from "../db/schema";

/**
 * The durable jobs that booking transitions leave behind (`bookingFollowUps` in
 * core/domain/booking-state-machine.ts names which). Their kinds live here, below both the bookings and
 * the payments folder, so that `record-transition.ts` can write them without importing its own callers.
 */
export const expireHoldJob = "booking.expire-hold";
export const balanceDueJob = "payment.balance-due";

/** Reminders follow a week apart while the balance is unpaid, until the event starts. */
const reminderEveryDays = 7;
/** Mails go out in the operator's morning, not at midnight. */
const sendAtUtcHour = 7;

const atMorningOf = (isoDate: string) => new Date(`${isoDate}T${String(sendAtUtcHour).padStart(2, "0")}:00:00Z`);

/** A job row the transition writes in its own statement (as a CTE), not yet run. */
export type FollowUpJob = { kind: string; payload: Record<string, unknown>; runAt: Date };

/** A held booking's expiry job. */
export function holdExpiryJob(bookingId: string, holdExpiresAt: Date): FollowUpJob {
  return { kind: expireHoldJob, payload: { bookingId }, runAt: holdExpiresAt };
}

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

/** The next balance reminder, a week after the one just sent (the running job is not done yet, so no duplicate check). */
export function nextBalanceReminderJob(bookingId: string, now: Date): FollowUpJob {
  return { kind: balanceDueJob, payload: { bookingId }, runAt: new Date(now.getTime() + reminderEveryDays * 24 * 3600_000) };
}
