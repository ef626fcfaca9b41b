import { and, asc, eq, sql } from "drizzle-orm";
import type { RefundAnswer } from "../../../core/contracts/staff-actions";
import { cancellationFeeOf, planAccountRefund, reductionOfRefund, type BookingAccount, type RefundChannel } from "../../../core/domain/booking-account";
import { operatorToday } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { bookings, payments, refunds } from "../../db/schema";
import { emailAccountOf } from "../../email/email-account";
import { AppError } from "../../errors";
import { providerNamed } from "../../deps/payment-provider";
import { correctInvoices } from "../../invoices/correct-invoices";
import { accountOf, readLedger, writeAccountFigures, type Ledger, type LedgerPayment } from "../../bookings/booking-account";
import { recordPaymentTransition } from "../../bookings/record-transition";
import { customerOf, lockBooking, staffDetails, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

export type RefundInput = {
  bookingId: string;
  /** Default: everything still refundable (of `paymentId` when given). */
  amountCents?: number | undefined;
  /** Only this payment (staff chose it); default: newest first. */
  paymentId?: string | undefined;
  /** For money the operator pays out itself (a transfer, cash): the day it went out and its reference. Default: today. */
  paidOutOn?: string | undefined;
  reference?: string | undefined;
  /** Internal note: the audit trail only, never mailed. */
  reason?: string | undefined;
  /** What the customer's mail says, when staff wrote something for them (shown in a preview first). */
  message?: string | undefined;
  idempotencyKey: string;
  staff: StaffMember;
};

/**
 * `POST api/staff/bookings/{uuid}/refund`: gives money back, in one transaction holding the booking's
 * row lock (docs/decisions/030, 067): card payments through the provider, money that came by transfer,
 * cash or otherwise recorded as paid out by the operator.
 */
export async function refundBooking(deps: StaffActionDeps, actor: Actor, input: RefundInput): Promise<RefundAnswer> {
  authorize(actor, "staff.bookings.refund", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const answer = await refundLockedBooking(tx, deps, { ...input, booking, notify: true, now, requireRefundable: true });
    if (!answer) throw new AppError("CONFLICT", "refundNothingRefundable");
    // A reduction granted or a fee lowered changes what the booking owes: its invoice follows.
    await correctInvoices(tx, deps, { bookingId: booking.id, now, notify: true });
    return answer;
  });
}

/** Newest payment first (a balance before its deposit), money kept only to be given back before all. */
function refundOrder(ledger: Ledger): string[] {
  return [...ledger.payments]
    .sort((a, b) => {
      const kept = Number(b.status === "refund_pending") - Number(a.status === "refund_pending");
      return kept !== 0 ? kept : b.createdAt.getTime() - a.createdAt.getTime();
    })
    .map((payment) => payment.id);
}

/**
 * Which payment gives back how much of a refund of `amountCents` (all that is refundable when
 * undefined; of `paymentId` only when given), newest first: the refund plans with it, and so does the
 * cancellation's preview (preview-cancellation.ts). Refusals are the refund's (404, 409); null when
 * nothing is refundable and the caller allows that.
 */
export function refundPlanOf(
  ledger: Ledger,
  account: Pick<BookingAccount, "refundable">,
  input: { amountCents?: number | undefined; paymentId?: string | undefined; requireRefundable: boolean; onlyChannel?: RefundChannel | undefined },
): { paymentId: string; amountCents: number }[] | null {
  // A customer's own cancellation gives back only card money at once (the provider's); staff pay out the rest (decision 075).
  const reachable = input.onlyChannel ? account.refundable.filter((part) => part.channel === input.onlyChannel) : account.refundable;
  const scope = input.paymentId ? reachable.filter((part) => part.paymentId === input.paymentId) : reachable;
  if (input.paymentId && scope.length === 0) throw new AppError("NOT_FOUND", "refundPaymentNotFound");
  const plan = planAccountRefund({ refundable: scope }, input.amountCents, refundOrder(ledger));
  if (plan.ok) return plan.parts;
  if (plan.reason === "nothing_refundable" && !input.requireRefundable) return null;
  if (plan.reason === "nothing_refundable") throw new AppError("CONFLICT", "refundNothingRefundable");
  throw new AppError("CONFLICT", "refundExceedsRefundable", { params: { refundable: (plan.refundableCents / 100).toFixed(2) } });
}

/**
 * The refund itself, inside the caller's transaction that holds the booking's row lock (the refund
 * call and a cancellation with a refund share it). Under that lock two refunds of one booking take
 * turns, so the second plans against what the first left: the account never gives back more than was
 * paid (the payments' CHECK constraint is the last line of defence). The same idempotency key again
 * answers the refunds it made the first time and refunds nothing more.
 *
 * The provider is called while the lock is held: a refund is rare desk work, and a refund recorded
 * only after the provider said yes cannot be lost to a crash in between, because a retry with the
 * same key gets the provider's first refund back instead of a second one (its idempotency key is
 * ours plus the payment). Returns null when nothing is refundable and the caller allows that.
 */
export async function refundLockedBooking(
  tx: Queryable,
  deps: StaffActionDeps,
  input: Omit<RefundInput, "bookingId" | "staff"> & {
    booking: BookingRow;
    notify: boolean;
    now: Date;
    requireRefundable: boolean;
    /** Who gives it back: a staff member, or null for the customer's own cancellation (decision 075). */
    staff: StaffMember | null;
    onlyChannel?: RefundChannel | undefined;
  },
): Promise<RefundAnswer | null> {
  const { booking, now } = input;
  const ledger = await readLedger(tx, booking.id);
  const account = accountOf(booking, ledger, now);
  const earlier = ledger.refunds.filter((refund) => refund.idempotencyKey === input.idempotencyKey);
  if (earlier.length > 0) return answerOf(booking.id, earlier, account.refundableCents);

  const plan = refundPlanOf(ledger, account, input);
  if (!plan) return null;

  const made: LedgerRefund[] = [];
  for (const part of plan) {
    const payment = ledger.payments.find((candidate) => candidate.id === part.paymentId);
    if (!payment) throw new Error(`payment ${part.paymentId} is not on the ledger`);
    const refundable = account.refundable.find((candidate) => candidate.paymentId === payment.id);
    const refundsAll = refundable !== undefined && part.amountCents === refundable.refundableCents;
    const outcome = await giveBack(deps, { booking, payment, amountCents: part.amountCents, idempotencyKey: input.idempotencyKey });
    const [counted] = await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${part.amountCents}`, updatedAt: now })
      .where(and(eq(payments.id, payment.id), sql`${payments.refundedCents} + ${part.amountCents} <= ${payments.amountCents}`))
      .returning({ id: payments.id });
    if (!counted) throw new Error(`refund of payment ${payment.id} would exceed what was paid`);
    const paidOutOn = outcome.channel === "recorded" ? (input.paidOutOn ?? operatorToday(now)) : operatorToday(now);
    const by = input.staff ? `by staff ${input.staff.email}` : "by the customer's cancellation";
    const details = {
      ...(input.staff ? staffDetails(input.staff) : { by: "customer" }),
      amountCents: part.amountCents,
      channel: outcome.channel,
      method: payment.method,
      paidOutOn,
      ...(outcome.providerReference ? { refundReference: outcome.providerReference } : {}),
      ...(input.reference ? { reference: input.reference } : {}),
      idempotencyKey: input.idempotencyKey,
      ...(input.reason ? { reason: input.reason } : {}),
    };
    const cause =
      outcome.channel === "provider"
        ? `refund of ${part.amountCents} cents through ${payment.provider} ${by}`
        : `refund of ${part.amountCents} cents paid out (${payment.method}) on ${paidOutOn}, recorded ${by}`;
    let status = payment.status;
    const step = async (event: "refund_requested" | "refunded" | "refunded_in_part") => {
      await recordPaymentTransition(tx, { payment: { ...payment, status }, event, cause, details, now });
      status = event === "refunded" ? "refunded" : event === "refund_requested" ? "refund_pending" : status;
    };
    if (outcome.status === "pending") await step("refund_requested");
    else if (refundsAll) {
      if (status === "succeeded") await step("refund_requested");
      await step("refunded");
    } else await step("refunded_in_part");
    const [row] = await tx
      .insert(refunds)
      .values({
        bookingId: booking.id,
        paymentId: payment.id,
        idempotencyKey: input.idempotencyKey,
        amountCents: part.amountCents,
        providerReference: outcome.providerReference,
        channel: outcome.channel,
        paidOutOn,
        reference: input.reference ?? null,
        status: outcome.status,
        reason: input.reason ?? null,
        staffId: input.staff?.id || null,
        // The column names who gave it back: a customer's own cancellation is marked as such.
        staffEmail: input.staff?.email ?? "customer",
        createdAt: now,
      })
      .returning();
    if (row) made.push(row);
  }
  // Beyond what was paid too much, a refund on a standing booking is a reduction the operator grants:
  // the booking owes that much less, so the customer is not asked for the money again (decision 067).
  const reduction = reductionOfRefund(account, booking.status, sumOf(made));
  if (reduction > 0) {
    await tx
      .update(bookings)
      .set({ creditedCents: sql`${bookings.creditedCents} + ${reduction}` })
      .where(eq(bookings.id, booking.id));
  }
  // A cancelled booking keeps as its fee what was not given back: the cancellation's own refund sets it
  // (before the refund's mail, so that mail shows the fee kept, not a credit), a later refund lowers it.
  if (booking.status === "cancelled") {
    const keptNow = cancellationFeeOf(booking, accountOf(booking, await readLedger(tx, booking.id), now));
    if (booking.cancellationFeeCents === null || keptNow < booking.cancellationFeeCents) {
      await tx.update(bookings).set({ cancellationFeeCents: keptNow }).where(eq(bookings.id, booking.id));
    }
  }
  const after = await writeAccountFigures(tx, booking.id, now, input.staff ? `refund by staff ${input.staff.email}` : "refund by the customer's cancellation");

  const customer = input.notify ? await customerOf(tx, deps, booking) : null;
  if (customer) {
    await deps.enqueueMail(tx, {
      template: "refund-issued",
      locale: booking.locale,
      to: customer.email,
      bookingId: booking.id,
      payload: {
        name: customer.name,
        code: customer.code,
        eventTitle: customer.eventTitle,
        amountCents: sumOf(made),
        // The desk's note stays in the audit trail; the customer reads only what staff wrote for them.
        reason: input.message ?? null,
        manageUrl: customer.manageUrl,
        account: emailAccountOf(after),
      },
    });
  }
  return answerOf(booking.id, made, after.refundableCents);
}

type LedgerRefund = typeof refunds.$inferSelect;
type GivenBack = { channel: "provider" | "recorded"; providerReference: string | null; status: "succeeded" | "pending" };

/** Card money goes back through the provider that took it; money the operator received itself is paid out by it and recorded. */
async function giveBack(
  deps: StaffActionDeps,
  input: { booking: BookingRow; payment: LedgerPayment; amountCents: number; idempotencyKey: string },
): Promise<GivenBack> {
  const { payment } = input;
  if (payment.method !== "card") return { channel: "recorded", providerReference: null, status: "succeeded" };
  // Through the provider that took it; one no longer enabled cannot be reached from here.
  const provider = providerNamed(deps.providers, payment.provider);
  if (!provider) throw new AppError("BAD_GATEWAY", "paymentProviderFailed");
  if (!payment.providerReference) throw new Error(`payment ${payment.id} has no provider reference to refund`);
  try {
    const result = await provider.refund({
      providerReference: payment.providerReference,
      amountCents: input.amountCents,
      idempotencyKey: `${input.idempotencyKey}:${payment.id}`,
      paymentId: payment.id,
      bookingId: input.booking.id,
    });
    return { channel: "provider", providerReference: result.providerReference, status: result.status };
  } catch {
    // The transaction rolls back: nothing is recorded as refunded (a part already refunded at the
    // provider is answered again, not repeated, when staff retry with the same key).
    throw new AppError("BAD_GATEWAY", "refundProviderFailed");
  }
}

const sumOf = (rows: readonly LedgerRefund[]) => rows.reduce((sum, row) => sum + row.amountCents, 0);

/** What the refund made with `key` gave back, answered again (null when that key refunded nothing). */
export async function earlierRefund(tx: Queryable, deps: StaffActionDeps, booking: BookingRow, key: string): Promise<RefundAnswer | null> {
  const earlier = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, booking.id), eq(refunds.idempotencyKey, key)))
    .orderBy(asc(refunds.createdAt));
  if (earlier.length === 0) return null;
  const account: BookingAccount = accountOf(booking, await readLedger(tx, booking.id), deps.now());
  return answerOf(booking.id, earlier, account.refundableCents);
}

function answerOf(bookingId: string, rows: readonly LedgerRefund[], refundable: number): RefundAnswer {
  return {
    uuid: bookingId,
    refunded_cents: sumOf(rows),
    refundable_cents: refundable,
    refunds: rows.map((row) => ({
      payment_uuid: row.paymentId,
      amount_cents: row.amountCents,
      channel: row.channel,
      provider_reference: row.providerReference,
      paid_out_on: row.paidOutOn,
      status: row.status,
    })),
  };
}
