import { and, asc, eq, sql } from "drizzle-orm";
import type { RefundAnswer } from "../../core/contracts/staff-actions";
import { planRefund, refundableCents } from "../../core/domain/refunds";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { payments, refunds } from "../db/schema";
import { AppError } from "../errors";
import { recordPaymentTransition } from "../bookings/record-transition";
import { customerOf, lockBooking, staffDetails, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

export type RefundInput = {
  bookingId: string;
  /** Default: everything still refundable. */
  amountCents?: number | undefined;
  reason?: string | undefined;
  idempotencyKey: string;
  staff: StaffMember;
};

/**
 * `POST api/staff/bookings/{uuid}/refund`: gives money back through the card provider, in one
 * transaction holding the booking's row lock (docs/decisions/030).
 */
export async function refundBooking(deps: StaffActionDeps, actor: Actor, input: RefundInput): Promise<RefundAnswer> {
  authorize(actor, "staff.bookings.refund", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const answer = await refundLockedBooking(tx, deps, { ...input, booking, notify: true, now, requireRefundable: true });
    if (!answer) throw new AppError("CONFLICT", "refundNothingRefundable");
    return answer;
  });
}

/**
 * The refund itself, inside the caller's transaction that holds the booking's row lock (the refund
 * call and a cancellation with a refund share it). Under that lock two refunds of one booking take
 * turns, so the second plans against what the first left and the total never exceeds what was paid
 * (the payments' CHECK constraint is the last line of defence). The same idempotency key again
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
  input: Omit<RefundInput, "bookingId"> & { booking: BookingRow; notify: boolean; now: Date; requireRefundable: boolean },
): Promise<RefundAnswer | null> {
  const { booking, now } = input;
  const earlier = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, booking.id), eq(refunds.idempotencyKey, input.idempotencyKey)))
    .orderBy(asc(refunds.createdAt));
  const provider = deps.provider;
  const cardPayments = provider
    ? await tx
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.provider, provider.name)))
    : [];
  if (earlier.length > 0) return answerOf(booking.id, earlier, refundableCents(cardPayments));

  const plan = planRefund(cardPayments, input.amountCents);
  if (!plan.ok) {
    if (plan.reason === "nothing_refundable" && !input.requireRefundable) return null;
    if (plan.reason === "nothing_refundable") throw new AppError("CONFLICT", "refundNothingRefundable");
    throw new AppError("CONFLICT", "refundExceedsRefundable", { params: { refundable: (plan.refundableCents / 100).toFixed(2) } });
  }
  if (!provider) throw new AppError("BAD_GATEWAY", "paymentProviderFailed");

  const made: (typeof refunds.$inferSelect)[] = [];
  for (const part of plan.parts) {
    const payment = cardPayments.find((candidate) => candidate.id === part.paymentId);
    if (!payment?.providerReference) throw new Error(`payment ${part.paymentId} has no provider reference to refund`);
    let result;
    try {
      result = await provider.refund({
        providerReference: payment.providerReference,
        amountCents: part.amountCents,
        idempotencyKey: `${input.idempotencyKey}:${payment.id}`,
        paymentId: payment.id,
        bookingId: booking.id,
      });
    } catch {
      // The transaction rolls back: nothing is recorded as refunded (a part already refunded at the
      // provider is answered again, not repeated, when staff retry with the same key).
      throw new AppError("BAD_GATEWAY", "refundProviderFailed");
    }
    const [counted] = await tx
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${part.amountCents}`, updatedAt: now })
      .where(and(eq(payments.id, payment.id), sql`${payments.refundedCents} + ${part.amountCents} <= ${payments.amountCents}`))
      .returning({ id: payments.id });
    if (!counted) throw new Error(`refund of payment ${payment.id} would exceed what was paid`);
    const details = {
      ...staffDetails(input.staff),
      amountCents: part.amountCents,
      refundReference: result.providerReference,
      idempotencyKey: input.idempotencyKey,
      ...(input.reason ? { reason: input.reason } : {}),
    };
    const cause = `refund of ${part.amountCents} cents by staff ${input.staff.email}`;
    let status = payment.status;
    const step = async (event: "refund_requested" | "refunded" | "refunded_in_part") => {
      await recordPaymentTransition(tx, { payment: { ...payment, status }, event, cause, details, now });
      status = event === "refunded" ? "refunded" : event === "refund_requested" ? "refund_pending" : status;
    };
    if (result.status === "pending") await step("refund_requested");
    else if (part.refundsAll) {
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
        providerReference: result.providerReference,
        status: result.status,
        reason: input.reason ?? null,
        staffId: input.staff.id || null,
        staffEmail: input.staff.email,
        createdAt: now,
      })
      .returning();
    if (row) made.push(row);
  }

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
        amountCents: plan.totalCents,
        reason: input.reason ?? null,
        manageUrl: customer.manageUrl,
      },
    });
  }
  return answerOf(booking.id, made, refundableCents(cardPayments) - plan.totalCents);
}

/** What the refund made with `key` gave back, answered again (null when that key refunded nothing). */
export async function earlierRefund(tx: Queryable, deps: StaffActionDeps, booking: BookingRow, key: string): Promise<RefundAnswer | null> {
  const earlier = await tx
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingId, booking.id), eq(refunds.idempotencyKey, key)))
    .orderBy(asc(refunds.createdAt));
  if (earlier.length === 0) return null;
  const cardPayments = deps.provider
    ? await tx
        .select()
        .from(payments)
        .where(and(eq(payments.bookingId, booking.id), eq(payments.provider, deps.provider.name)))
    : [];
  return answerOf(booking.id, earlier, refundableCents(cardPayments));
}

function answerOf(bookingId: string, rows: (typeof refunds.$inferSelect)[], refundable: number): RefundAnswer {
  return {
    uuid: bookingId,
    refunded_cents: rows.reduce((sum, row) => sum + row.amountCents, 0),
    refundable_cents: refundable,
    refunds: rows.map((row) => ({ payment_uuid: row.paymentId, amount_cents: row.amountCents, provider_reference: row.providerReference, status: row.status })),
  };
}
