import type { RecordPaymentAnswer } from "../../core/contracts/staff-actions";
import { bookingEventAllowed } from "../../core/domain/booking-state-machine";
import { transferOutcome } from "../../core/domain/refunds";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import { hashToken, newSecretToken } from "../auth/secrets";
import { recordPaymentTransition, recordTransition } from "../bookings/record-transition";
import { payments } from "../db/schema";
import { AppError } from "../errors";
import { customerOf, lockBooking, staffDetails, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

/** The payments table's provider name of money that came by bank transfer (never refunded through a card provider). */
export const bankTransferProvider = "bank_transfer";

export type RecordTransferInput = { bookingId: string; amountCents: number; receivedOn: string; reference?: string | undefined; staff: StaffMember };

/** Bookings paid by bank transfer: the invoice option, or an SMA request staff verified (the operator invoices those too). */
function paysByTransfer(booking: BookingRow): boolean {
  return booking.paymentOption === "invoice" || (booking.paymentOption === "sma" && booking.smaStatus === "verified");
}

/**
 * `POST api/staff/bookings/{uuid}/payments`: a bank transfer staff saw on the account. Written as a
 * payment of its own (created → succeeded, with the staff member and the statement's reference) and
 * added to the booking's paid cents, which moves the booking as the state machine says (paid in part
 * or in full). Paying beyond the total is recorded and flagged, not refused: the money is real.
 */
export async function recordTransfer(deps: StaffActionDeps, actor: Actor, input: RecordTransferInput): Promise<RecordPaymentAnswer> {
  authorize(actor, "staff.bookings.record-payment", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    if (!paysByTransfer(booking)) throw new AppError("CONFLICT", "paymentNotByTransfer");
    const outcome = transferOutcome(booking, input.amountCents);
    if (!bookingEventAllowed(booking.status, outcome.event)) throw new AppError("CONFLICT", "bookingNotPayable");
    const [payment] = await tx
      .insert(payments)
      .values({
        bookingId: booking.id,
        provider: bankTransferProvider,
        kind: booking.paidCents === 0 ? (outcome.paidCents >= booking.totalCents ? "full" : "deposit") : "balance",
        amountCents: input.amountCents,
        // Nobody returns from a provider for a transfer; the column wants a unique hash all the same.
        returnTokenHash: hashToken(newSecretToken()),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) throw new Error("payment insert returned nothing");
    const details = {
      ...staffDetails(input.staff),
      amountCents: input.amountCents,
      receivedOn: input.receivedOn,
      ...(input.reference ? { reference: input.reference } : {}),
    };
    const cause = `bank transfer of ${input.amountCents} cents received on ${input.receivedOn}, recorded by staff ${input.staff.email}`;
    await recordPaymentTransition(tx, { payment: { ...payment, status: "new" }, event: "created", cause, details, now });
    await recordPaymentTransition(tx, { payment, event: "succeeded", cause, details, set: { succeededAt: now }, now });
    const status = await recordTransition(tx, {
      booking,
      event: outcome.event,
      cause,
      details: { ...details, paidCents: outcome.paidCents, overpaidCents: outcome.overpaidCents },
      paymentId: payment.id,
      set: { paidCents: outcome.paidCents, holdExpiresAt: null },
      now,
    });
    const customer = await customerOf(tx, deps, booking);
    if (customer) {
      await deps.enqueueMail(tx, {
        template: "transfer-received",
        locale: booking.locale,
        to: customer.email,
        bookingId: booking.id,
        payload: {
          name: customer.name,
          code: customer.code,
          eventTitle: customer.eventTitle,
          amountCents: input.amountCents,
          receivedOn: input.receivedOn,
          paidCents: outcome.paidCents,
          totalCents: booking.totalCents,
          manageUrl: customer.manageUrl,
        },
      });
    }
    return {
      uuid: booking.id,
      payment_uuid: payment.id,
      status,
      paid_cents: outcome.paidCents,
      total_cents: booking.totalCents,
      overpaid: outcome.overpaidCents > 0,
      overpaid_cents: outcome.overpaidCents,
    };
  });
}
