import type { RecordPaymentAnswer, RecordedPaymentMethod } from "../../../core/contracts/staff-actions";
import { bookingEventAllowed } from "../../../core/domain/booking-state-machine";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { hashToken, newSecretToken } from "../../auth/secrets";
import { recordPaymentTransition, recordTransition } from "../../bookings/record-transition";
import { payments } from "../../db/schema";
import { emailAccountOf } from "../../email/email-account";
import { accountOf, readLedger, rowFiguresOf } from "../../bookings/booking-account";
import { AppError } from "../../errors";
import { customerOf, lockBooking, staffDetails, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

/** The payments table's provider name of money that came by bank transfer (never refunded through a card provider). */
export const bankTransferProvider = "bank_transfer";

export type RecordTransferInput = {
  bookingId: string;
  amountCents: number;
  /** How the money came: a transfer on the statement (the default), cash, or another way. */
  method?: RecordedPaymentMethod | undefined;
  receivedOn: string;
  reference?: string | undefined;
  staff: StaffMember;
};

/** Bookings paid by bank transfer: the invoice option, or an SMA request staff verified (the operator invoices those too). */
function paysByTransfer(booking: BookingRow): boolean {
  return booking.paymentOption === "invoice" || (booking.paymentOption === "sma" && booking.smaStatus === "verified");
}

/**
 * `POST api/staff/bookings/{uuid}/payments`: money staff saw arrive — a bank transfer on the account
 * (invoice bookings), cash at the desk or another way (any standing booking). Written as a payment of
 * its own (created → succeeded, with the staff member, the day and the statement's reference); the
 * booking account then says what is left (decision 067), and the booking moves as the state machine
 * says (paid in part or in full). Paying beyond what is owed is recorded and flagged, not refused:
 * the money is real, and the account shows it as credit to give back.
 */
export async function recordTransfer(deps: StaffActionDeps, actor: Actor, input: RecordTransferInput): Promise<RecordPaymentAnswer> {
  authorize(actor, "staff.bookings.record-payment", null);
  const now = deps.now();
  const method = input.method ?? "bank_transfer";
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    if (method === "bank_transfer" && !paysByTransfer(booking)) throw new AppError("CONFLICT", "paymentNotByTransfer");
    const before = accountOf(booking, await readLedger(tx, booking.id), now);
    const event =
      booking.status === "paid"
        ? ("paid_beyond_total" as const)
        : input.amountCents >= before.outstandingCents
          ? ("paid_in_full" as const)
          : ("paid_in_part" as const);
    if (!bookingEventAllowed(booking.status, event)) throw new AppError("CONFLICT", "bookingNotPayable");
    const [payment] = await tx
      .insert(payments)
      .values({
        bookingId: booking.id,
        provider: method === "bank_transfer" ? bankTransferProvider : method,
        method,
        receivedOn: input.receivedOn,
        kind: before.netPaidCents === 0 ? (input.amountCents >= before.outstandingCents ? "full" : "deposit") : "balance",
        amountCents: input.amountCents,
        // Nobody returns from a provider for recorded money; the column wants a unique hash all the same.
        returnTokenHash: hashToken(newSecretToken()),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!payment) throw new Error("payment insert returned nothing");
    const details = {
      ...staffDetails(input.staff),
      amountCents: input.amountCents,
      method,
      receivedOn: input.receivedOn,
      ...(input.reference ? { reference: input.reference } : {}),
    };
    const cause = `${method.replace("_", " ")} of ${input.amountCents} cents received on ${input.receivedOn}, recorded by staff ${input.staff.email}`;
    await recordPaymentTransition(tx, { payment: { ...payment, status: "new" }, event: "created", cause, details, now });
    await recordPaymentTransition(tx, { payment, event: "succeeded", cause, details, set: { succeededAt: now }, now });
    const after = accountOf(booking, await readLedger(tx, booking.id), now);
    const status = await recordTransition(tx, {
      booking,
      event,
      cause,
      details: { ...details, netPaidCents: after.netPaidCents, outstandingCents: after.outstandingCents, creditCents: after.creditCents },
      paymentId: payment.id,
      set: { ...rowFiguresOf(after), holdExpiresAt: null },
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
          paidCents: after.netPaidCents,
          totalCents: booking.totalCents,
          manageUrl: customer.manageUrl,
          account: emailAccountOf(after),
        },
      });
    }
    return {
      uuid: booking.id,
      payment_uuid: payment.id,
      status,
      paid_cents: after.netPaidCents,
      total_cents: booking.totalCents,
      overpaid: after.creditCents > 0,
      overpaid_cents: after.creditCents,
    };
  });
}
