import { asc, eq, inArray } from "drizzle-orm";
import { bookingAccount, type AccountInput, type BookingAccount } from "../../core/domain/booking-account";
import { operatorToday } from "../../core/domain/dates";
import type { Queryable } from "../db/client";
import { bookings, payments, refunds } from "../db/schema";
import { recordTransition } from "./record-transition";

type BookingRow = typeof bookings.$inferSelect;
export type AccountBooking = Pick<
  BookingRow,
  "id" | "status" | "totalCents" | "depositCents" | "depositDueOn" | "remainderDueOn" | "cancellationFeeCents" | "creditedCents"
>;
export type LedgerPayment = typeof payments.$inferSelect;
export type LedgerRefund = typeof refunds.$inferSelect;
export type Ledger = { payments: LedgerPayment[]; refunds: LedgerRefund[] };

/**
 * The booking's ledger: its payments (oldest first) and refunds. Read under the booking's row lock
 * when the caller is about to add to it, so that two writers take turns.
 */
export async function readLedger(db: Queryable, bookingId: string): Promise<Ledger> {
  const [paymentRows, refundRows] = await Promise.all([
    db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(refunds).where(eq(refunds.bookingId, bookingId)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  return { payments: paymentRows, refunds: refundRows };
}

/** The ledgers of many bookings in two statements (lists, exports, the dashboard). */
export async function readLedgers(db: Queryable, bookingIds: readonly string[]): Promise<Map<string, Ledger>> {
  const ledgers = new Map<string, Ledger>(bookingIds.map((id) => [id, { payments: [], refunds: [] }]));
  if (bookingIds.length === 0) return ledgers;
  const ids = [...new Set(bookingIds)];
  const [paymentRows, refundRows] = await Promise.all([
    db.select().from(payments).where(inArray(payments.bookingId, ids)).orderBy(asc(payments.createdAt), asc(payments.id)),
    db.select().from(refunds).where(inArray(refunds.bookingId, ids)).orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  for (const row of paymentRows) ledgers.get(row.bookingId)?.payments.push(row);
  for (const row of refundRows) ledgers.get(row.bookingId)?.refunds.push(row);
  return ledgers;
}

/** The pure account's input from the booking's row and its ledger rows. */
export function accountInputOf(booking: AccountBooking, ledger: Ledger): AccountInput {
  return {
    status: booking.status,
    totalCents: booking.totalCents,
    depositCents: booking.depositCents,
    depositDueOn: booking.depositDueOn,
    remainderDueOn: booking.remainderDueOn,
    cancellationFeeCents: booking.cancellationFeeCents,
    creditedCents: booking.creditedCents,
    payments: ledger.payments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      status: payment.status,
      amountCents: payment.amountCents,
      receivedOn: payment.receivedOn,
      keptForRefund: payment.keptForRefund,
    })),
    refunds: ledger.refunds.map((refund) => ({
      paymentId: refund.paymentId,
      amountCents: refund.amountCents,
      channel: refund.channel,
      on: refund.paidOutOn ?? operatorToday(refund.createdAt),
    })),
  };
}

/** The booking's account on the operator's day of `now`: the one answer every surface shows. */
export function accountOf(booking: AccountBooking, ledger: Ledger, now: Date): BookingAccount {
  return bookingAccount(accountInputOf(booking, ledger), operatorToday(now));
}

/** Reads the ledger and answers the account. */
export async function readBookingAccount(db: Queryable, booking: AccountBooking, now: Date): Promise<{ account: BookingAccount; ledger: Ledger }> {
  const ledger = await readLedger(db, booking.id);
  return { account: accountOf(booking, ledger, now), ledger };
}

/** The account's figures the booking's row keeps (for the staff desk's filters and sorting). */
export function rowFiguresOf(account: BookingAccount): { paidCents: number; paymentState: BookingAccount["paymentState"] } {
  return { paidCents: account.netPaidCents, paymentState: account.paymentState };
}

/**
 * After anything that changes the ledger, the price or the status: the account again from the rows,
 * and its net paid and payment state written to the booking's row (what the staff desk filters and
 * sorts by). A paid booking that owes again is confirmed with a balance, a confirmed one that owes
 * nothing more is paid, each as a transition with its audit row. Run it in the changing transaction,
 * under the booking's row lock, after the change.
 */
export async function writeAccountFigures(tx: Queryable, bookingId: string, now: Date, cause: string): Promise<BookingAccount> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
  if (!booking) throw new Error(`booking ${bookingId} not found for its account`);
  const { account } = await readBookingAccount(tx, booking, now);
  const figures = rowFiguresOf(account);
  const details = { netPaidCents: account.netPaidCents, owedCents: account.owedCents, outstandingCents: account.outstandingCents };
  if (booking.status === "paid" && account.outstandingCents > 0) {
    await recordTransition(tx, { booking, event: "account_reopened", cause, details, set: figures, now });
  } else if (booking.status === "confirmed" && account.outstandingCents === 0 && account.owedCents > 0) {
    await recordTransition(tx, { booking, event: "account_settled", cause, details, set: figures, now });
  } else if (booking.paidCents !== figures.paidCents || booking.paymentState !== figures.paymentState) {
    await tx.update(bookings).set(figures).where(eq(bookings.id, bookingId));
  }
  return account;
}
