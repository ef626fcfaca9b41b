import { and, asc, eq, gte, inArray, isNull, lt, ne, sql } from "drizzle-orm";
import { warningListLimit, type StaffDashboard, type Warning, type WarningEntry } from "../../../core/contracts/staff-dashboard";
import { lastDays, zeroFilledDays } from "../../../core/domain/daily-counts";
import { operatorTimeZone, operatorToday } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database, Queryable } from "../../db/client";
import { bookings, events, payments } from "../../db/schema";
import { eventsWithPlaces } from "./event-places";

/** The bookings-per-day series covers this many operator calendar days, today included. */
export const bookingsPerDayDays = 30;


/** The rows a query would answer without its limit, on every row (0 rows: nothing to warn about). */
const fullCount = () => sql`count(*) over ()`.mapWith(Number);

/**
 * The back office's dashboard (issue 13; decision 031). A fixed number of aggregate queries whatever
 * the number of events and bookings (no query per event or booking), in one read-only snapshot so
 * that the numbers agree with each other.
 */
export async function readDashboard(deps: { db: Database; now: () => Date }, actor: Actor, input: { locale: Locale }): Promise<StaffDashboard> {
  authorize(actor, "staff.dashboard.read", null);
  const now = deps.now();
  const today = operatorToday(now);
  return deps.db.transaction(
    async (tx) => {
      // Archived events are put away by staff (issue 32): off the dashboard.
      const upcoming = await eventsWithPlaces(tx, and(gte(events.endsOn, today), isNull(events.archivedAt)), input.locale);
      return {
        generated_at: now.toISOString(),
        today,
        events: upcoming,
        warnings: {
          sma_pending: await smaPending(tx),
          refunds_pending: await refundsPending(tx, null),
          overdue_balances: await overdueBalances(tx, today),
          overpaid_bookings: await overpaidBookings(tx),
          payments_after_expiry: await refundsPending(tx, "expired"),
        },
        bookings_per_day: await bookingsPerDay(tx, now, today),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

type WarningRow = { bookingId: string; code: string | null; eventId: string; paymentId: string | null; amountCents: number; count: number };

function warningOf(rows: WarningRow[]): Warning {
  return {
    count: rows[0]?.count ?? 0,
    entries: rows.map(
      (row): WarningEntry => ({
        booking_uuid: row.bookingId,
        code: row.code,
        event_uuid: row.eventId,
        payment_uuid: row.paymentId,
        amount_cents: row.amountCents,
      }),
    ),
  };
}

const bookingColumns = { bookingId: bookings.id, code: bookings.code, eventId: bookings.eventId };

/** SMA requests waiting for a call, the oldest first (the call-back queue's order). */
async function smaPending(tx: Queryable): Promise<Warning> {
  const rows = await tx
    .select({ ...bookingColumns, paymentId: sql<string | null>`null`, amountCents: bookings.totalCents, count: fullCount() })
    .from(bookings)
    .where(and(eq(bookings.status, "in_review"), eq(bookings.smaStatus, "requested")))
    .orderBy(asc(bookings.submittedAt), asc(bookings.id))
    .limit(warningListLimit);
  return warningOf(rows);
}

/**
 * Payments received that cannot be kept (`refund_pending`, the state machine's `kept_for_refund`),
 * the oldest first; with `bookingStatus` "expired" only those that arrived after the booking's hold
 * ran out and its places were gone ("payments after expiry": the booking stays expired).
 */
async function refundsPending(tx: Queryable, bookingStatus: "expired" | null): Promise<Warning> {
  const rows = await tx
    .select({ ...bookingColumns, paymentId: payments.id, amountCents: payments.amountCents, count: fullCount() })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(and(eq(payments.status, "refund_pending"), bookingStatus ? eq(bookings.status, bookingStatus) : undefined))
    .orderBy(asc(payments.updatedAt), asc(payments.id))
    .limit(warningListLimit);
  return warningOf(rows);
}

/**
 * Confirmed bookings whose remainder fell due before today and that still owe (the balance-due job's
 * bookings, server/payments/balance-due.ts, once the due date has passed), the longest overdue first.
 */
async function overdueBalances(tx: Queryable, today: string): Promise<Warning> {
  const rows = await tx
    .select({
      ...bookingColumns,
      paymentId: sql<string | null>`null`,
      amountCents: sql`${bookings.totalCents} - ${bookings.creditedCents} - ${bookings.paidCents}`.mapWith(Number),
      count: fullCount(),
    })
    .from(bookings)
    .where(and(eq(bookings.status, "confirmed"), lt(bookings.remainderDueOn, today), inArray(bookings.paymentState, ["unpaid", "partial"])))
    .orderBy(asc(bookings.remainderDueOn), asc(bookings.id))
    .limit(warningListLimit);
  return warningOf(rows);
}

/**
 * Bookings that hold more than they owe (a price lowered after payment, a transfer twice, a cancellation
 * whose refund is still to be made): the booking account's state (decision 067). Staff refund the difference.
 */
async function overpaidBookings(tx: Queryable): Promise<Warning> {
  const rows = await tx
    .select({
      ...bookingColumns,
      paymentId: sql<string | null>`null`,
      // What is owed in the booking's state, as core/domain/booking-account.ts `owedBy` says it.
      amountCents:
        sql`${bookings.paidCents} - (case when ${bookings.status} = 'cancelled' then least(coalesce(${bookings.cancellationFeeCents}, 0), ${bookings.totalCents})
        when ${bookings.status} in ('rejected', 'expired') then 0 else greatest(${bookings.totalCents} - ${bookings.creditedCents}, 0) end)`.mapWith(Number),
      count: fullCount(),
    })
    .from(bookings)
    // A payment kept for refund has its own warning: the same money is not reported twice.
    .where(
      and(
        ne(bookings.status, "draft"),
        eq(bookings.paymentState, "overpaid"),
        sql`not exists (select 1 from ${payments} where ${payments.bookingId} = ${bookings.id} and ${payments.status} = 'refund_pending')`,
      ),
    )
    .orderBy(asc(bookings.submittedAt), asc(bookings.id))
    .limit(warningListLimit);
  return warningOf(rows);
}

/** Bookings submitted per operator calendar day over the last `bookingsPerDayDays` days, every day present. */
async function bookingsPerDay(tx: Queryable, now: Date, today: string) {
  const range = lastDays(today, bookingsPerDayDays);
  // A generous instant bound keeps the scan short; the exact days are cut by zeroFilledDays.
  const since = new Date(now.getTime() - (bookingsPerDayDays + 2) * 86_400_000);
  const day = sql<string>`to_char(${bookings.submittedAt} at time zone ${sql.raw(`'${operatorTimeZone}'`)}, 'YYYY-MM-DD')`;
  const rows = await tx
    .select({ date: day, count: sql`count(*)`.mapWith(Number) })
    .from(bookings)
    .where(gte(bookings.submittedAt, since))
    .groupBy(day);
  return { ...range, days: zeroFilledDays(rows, range.from, range.to) };
}
