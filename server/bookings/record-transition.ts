import { and, count, eq, sql } from "drizzle-orm";
import { z } from "zod";
import {
  bookingEventNames,
  bookingFollowUps,
  nextBookingStatus,
  nextPaymentStatus,
  paymentEventNames,
  type BookingEvent,
  type BookingFollowUp,
  type PaymentEvent,
  type PaymentState,
  type PaymentStatus,
} from "../../core/domain/booking-state-machine";
import type { BookingStatus } from "../../core/domain/booking-status";
import type { Queryable } from "../db/client";
import { bookingEvents, bookings, payments } from "../db/schema";
import { holdExpiryJobInsert, nextBalanceReminderInsert, scheduleBalanceDue } from "./booking-jobs";

type BookingRow = typeof bookings.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** The schema's payment status enum and the state machine's list are one list: a difference fails to compile. */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const paymentStatusListsAgree: SameUnion<PaymentRow["status"], PaymentStatus> = true;

/**
 * The structured part of every audit row that `recordTransition` writes: `details.event` names the
 * event of the state machine, so that the trail can be counted and queried without reading `cause`
 * (free text for people, which may change). Other keys are the event's own details.
 */
export const auditDetailsSchema = z.object({ event: z.enum([...bookingEventNames, ...paymentEventNames]) }).passthrough();

/** An event the state machine refuses in the current status: a bug in the caller, which checks first. */
export class TransitionRefused extends Error {
  constructor(
    readonly subject: "booking" | "payment",
    readonly from: string,
    readonly event: string,
  ) {
    super(`${subject} event ${event} is not allowed in status ${from}`);
  }
}

/** Columns written together with a booking's status (places, prices, paid amount, …). */
export type BookingChange = Partial<Omit<typeof bookings.$inferInsert, "id" | "status">>;

type BookingForTransition = Pick<BookingRow, "id" | "status" | "remainderDueOn" | "paymentOption" | "holdExpiresAt">;

/**
 * A follow-up is either an insert that the transition writes in its own statement (as a CTE: a sale
 * rush submits thousands a minute, and every statement is a round trip under the booking's lock) or
 * work that must read first and runs after it.
 */
type FollowUpWrite = { insert: ReturnType<typeof holdExpiryJobInsert> } | { run: () => Promise<void> };

const followUpWriters = {
  schedule_hold_expiry: (tx, booking) => {
    if (!booking.holdExpiresAt) throw new Error(`booking ${booking.id} is held without an expiry`);
    return { insert: holdExpiryJobInsert(tx, booking.id, booking.holdExpiresAt) };
  },
  schedule_balance_due: (tx, booking, now) => ({ run: () => scheduleBalanceDue(tx, booking, now) }),
  schedule_next_balance_reminder: (tx, booking, now) => ({ insert: nextBalanceReminderInsert(tx, booking.id, now) }),
} satisfies Record<BookingFollowUp, (tx: Queryable, booking: BookingForTransition, now: Date) => FollowUpWrite>;

/**
 * The one writer of a booking's status. Inside the caller's transaction (which holds the booking's
 * row lock): checks `event` against the transition table, writes the new status with `set`, the
 * audit row (`details.event` = the event) and the follow-up jobs the table names for the event.
 * An event that keeps the status and changes no column writes only the audit row and its follow-ups.
 * Returns the new status.
 */
export async function recordTransition(
  tx: Queryable,
  input: {
    booking: BookingForTransition;
    event: BookingEvent;
    /** For people reading the trail; nothing counts or matches it. */
    cause: string;
    details?: Record<string, unknown>;
    paymentId?: string;
    set?: BookingChange;
    now: Date;
  },
): Promise<BookingStatus> {
  const { booking, event, now } = input;
  const transition = nextBookingStatus(booking.status, event);
  if (!transition.allowed) throw new TransitionRefused("booking", booking.status, event);
  const status = transition.to;
  const after = { ...booking, ...input.set, status };
  const followUps = bookingFollowUps[event].map((followUp) => followUpWriters[followUp](tx, after, now));
  const auditValues = {
    bookingId: booking.id,
    ...(input.paymentId ? { paymentId: input.paymentId } : {}),
    fromStatus: booking.status,
    toStatus: status,
    cause: input.cause,
    details: { ...input.details, event },
    at: now,
  };
  // One statement: the status (and `set`), the audit row and the follow-up jobs, the inserts as CTEs.
  const jobInserts = followUps.flatMap((followUp, index) => ("insert" in followUp ? [tx.$with(`follow_up_${index}`).as(followUp.insert)] : []));
  if (status !== booking.status || input.set) {
    await tx
      .with(tx.$with("audit_row").as(tx.insert(bookingEvents).values(auditValues)), ...jobInserts)
      .update(bookings)
      .set({ ...input.set, status, updatedAt: now })
      .where(eq(bookings.id, booking.id));
  } else {
    await tx
      .with(...jobInserts)
      .insert(bookingEvents)
      .values(auditValues);
  }
  for (const followUp of followUps) if ("run" in followUp) await followUp.run();
  return status;
}

/** Columns written together with a payment's status (failure reason, when it succeeded, …). */
export type PaymentChange = Partial<Pick<typeof payments.$inferInsert, "failureReason" | "succeededAt" | "providerReference">>;

/**
 * The one writer of a payment's status, with its audit row (subject `payment`). The update only
 * applies while the payment is still in the status the caller read (a payment not locked by the
 * caller may have moved on): then nothing is written and the answer is false. For `created` the row
 * was just inserted as `pending` by the caller and only the audit row is written.
 */
export async function recordPaymentTransition(
  tx: Queryable,
  input: {
    payment: { id: string; bookingId: string; status: PaymentState };
    event: PaymentEvent;
    cause: string;
    details?: Record<string, unknown>;
    set?: PaymentChange;
    now: Date;
  },
): Promise<boolean> {
  const { payment, event, now } = input;
  const transition = nextPaymentStatus(payment.status, event);
  if (!transition.allowed) throw new TransitionRefused("payment", payment.status, event);
  const status = transition.to;
  const from = payment.status;
  if (from !== "new") {
    const [changed] = await tx
      .update(payments)
      .set({ ...input.set, status, updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, from)))
      .returning({ id: payments.id });
    if (!changed) return false;
  }
  await tx.insert(bookingEvents).values({
    bookingId: payment.bookingId,
    paymentId: payment.id,
    subject: "payment",
    ...(from === "new" ? {} : { fromStatus: from }),
    toStatus: status,
    cause: input.cause,
    details: { ...input.details, event },
    at: now,
  });
  return true;
}

/** How often `event` happened to a booking, counted from the structured `details.event` of its audit rows. */
export async function countBookingEvents(tx: Queryable, bookingId: string, event: BookingEvent): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.subject, "booking"), sql`${bookingEvents.details}->>'event' = ${event}`));
  return row?.n ?? 0;
}
