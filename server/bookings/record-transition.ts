import { and, count, eq, is, sql, SQL } from "drizzle-orm";
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
import { columnEncoder, preparedPerShape } from "../db/prepared-statements";
import { bookingEvents, bookings, jobs, payments } from "../db/schema";
import { holdExpiryJob, nextBalanceReminderJob, scheduleBalanceDue, type FollowUpJob } from "./booking-jobs";

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
type FollowUpWrite = { insert: FollowUpJob } | { run: () => Promise<void> };

const followUpWriters = {
  schedule_hold_expiry: (_tx, booking) => {
    if (!booking.holdExpiresAt) throw new Error(`booking ${booking.id} is held without an expiry`);
    return { insert: holdExpiryJob(booking.id, booking.holdExpiresAt) };
  },
  schedule_balance_due: (tx, booking, now) => ({ run: () => scheduleBalanceDue(tx, booking, now) }),
  schedule_next_balance_reminder: (_tx, booking, now) => ({ insert: nextBalanceReminderJob(booking.id, now) }),
} satisfies Record<BookingFollowUp, (tx: Queryable, booking: BookingForTransition, now: Date) => FollowUpWrite>;

type AuditValues = typeof bookingEvents.$inferInsert;

/**
 * The shape of a transition's one statement: whether it writes the booking (and which columns), whether
 * its audit row names a payment, how many jobs it inserts. A submission, an expiry or a payment each
 * have one shape, so each is built once and sent as a named prepared statement (decision 065).
 */
type TransitionShape = { writesBooking: boolean; withPayment: boolean; columns: readonly (keyof BookingChange)[]; jobs: number };

/** The transition's statement for one shape; `name` empty: an unnamed statement, built for one call. */
function buildTransition(tx: Queryable, shape: TransitionShape, name: string) {
  const audit = {
    bookingId: sql.placeholder("auditBookingId"),
    ...(shape.withPayment ? { paymentId: sql.placeholder("auditPaymentId") } : {}),
    fromStatus: sql.placeholder("auditFrom"),
    toStatus: sql.placeholder("auditTo"),
    cause: sql.placeholder("auditCause"),
    details: sql.placeholder("auditDetails"),
    at: sql.placeholder("auditAt"),
  };
  const jobInserts = Array.from({ length: shape.jobs }, (_, index) =>
    tx
      .$with(`follow_up_${index}`)
      .as(
        tx
          .insert(jobs)
          .values({ kind: sql.placeholder(`job${index}Kind`), payload: sql.placeholder(`job${index}Payload`), runAt: sql.placeholder(`job${index}RunAt`) }),
      ),
  );
  if (!shape.writesBooking)
    return tx
      .with(...jobInserts)
      .insert(bookingEvents)
      .values(audit)
      .prepare(name);
  // Raw placeholders, the values encoded here (`encodedColumn`): drizzle's own encoding of a
  // placeholder lets no NULL through for a timestamp or a JSON column.
  const set = Object.fromEntries([...shape.columns, "status", "updatedAt"].map((column) => [column, sql`${sql.placeholder(`set_${column}`)}`]));
  return tx
    .with(tx.$with("audit_row").as(tx.insert(bookingEvents).values(audit)), ...jobInserts)
    .update(bookings)
    .set(set)
    .where(eq(bookings.id, sql.placeholder("bookingId")))
    .prepare(name);
}

/** One statement per shape; past 200 shapes (a caller writing ever new column sets) built for each call. */
const transitionStatement = preparedPerShape("booking_transition", 200, buildTransition);

const encodedColumn = columnEncoder(bookings);

async function writeTransition(
  tx: Queryable,
  input: { bookingId: string; writesBooking: boolean; audit: AuditValues; set: Record<string, unknown>; jobs: FollowUpJob[] },
): Promise<void> {
  if (Object.values(input.set).some((value) => is(value, SQL))) throw new Error("recordTransition writes values, not SQL expressions");
  const columns = Object.keys(input.set).filter(
    (column) => input.set[column] !== undefined && column !== "status" && column !== "updatedAt",
  ) as (keyof BookingChange)[];
  columns.sort();
  const shape: TransitionShape = { writesBooking: input.writesBooking, withPayment: input.audit.paymentId !== undefined, columns, jobs: input.jobs.length };
  const key = `${shape.writesBooking ? "u" : "i"}${shape.withPayment ? "p" : ""}${shape.jobs}:${columns.join(",")}`;
  const values: Record<string, unknown> = {
    bookingId: input.bookingId,
    auditBookingId: input.audit.bookingId,
    auditFrom: input.audit.fromStatus ?? null,
    auditTo: input.audit.toStatus,
    auditCause: input.audit.cause,
    auditDetails: input.audit.details,
    auditAt: input.audit.at,
  };
  if (shape.withPayment) values.auditPaymentId = input.audit.paymentId;
  for (const [index, job] of input.jobs.entries()) {
    values[`job${index}Kind`] = job.kind;
    values[`job${index}Payload`] = job.payload;
    values[`job${index}RunAt`] = job.runAt;
  }
  if (shape.writesBooking) for (const column of [...columns, "status", "updatedAt"]) values[`set_${column}`] = encodedColumn(column, input.set[column]);
  await transitionStatement(tx, key, shape).execute(values);
}

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
  await writeTransition(tx, {
    bookingId: booking.id,
    writesBooking: status !== booking.status || input.set !== undefined,
    audit: auditValues,
    set: { ...input.set, status, updatedAt: now },
    jobs: followUps.flatMap((followUp) => ("insert" in followUp ? [followUp.insert] : [])),
  });
  for (const followUp of followUps) if ("run" in followUp) await followUp.run();
  return status;
}

/** Columns written together with a payment's status (failure reason, when it succeeded, …). */
export type PaymentChange = Partial<Pick<typeof payments.$inferInsert, "failureReason" | "keptForRefund" | "succeededAt" | "providerReference" | "receivedOn">>;

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
