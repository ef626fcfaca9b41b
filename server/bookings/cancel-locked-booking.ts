import { and, eq, sql } from "drizzle-orm";
import type { CancelAnswer } from "../../core/contracts/staff-actions";
import { cancellationFeeOf, type BookingAccount } from "../../core/domain/booking-account";
import type { Queryable } from "../db/client";
import { bookingEvents, bookings } from "../db/schema";
import { emailAccountOf } from "../email/email-account";
import { correctInvoices } from "../invoices/correct-invoices";
import { cancellationMailOf } from "../staff/bookings/cancellation-mail";
import { refundLockedBooking } from "../staff/bookings/refund-booking";
import { customerOf, type BookingRow, type StaffActionDeps, type StaffMember } from "../staff/bookings/staff-booking";
import { accountOf, readLedger, writeAccountFigures } from "./booking-account";
import type { CancelRefundPlan } from "./cancellation-outcome";
import { releaseBookingHold } from "./expire-hold";
import { recordTransition } from "./record-transition";
import { offerFreedPlaces } from "./waitlist-offers";

/**
 * A cancellation, inside the caller's transaction that holds the booking's row lock, for staff
 * (`cancelled_by_staff`, cancel-booking.ts) and for the customer (`cancelled_by_customer`,
 * cancel-by-customer.ts) alike: the status and its audit row, places and per-day resources back to
 * stock, the refund (refund-booking.ts; the provider refusing rolls everything back), the fee the
 * account then owes, the account's cached figures, the freed places offered to the waitlist, the
 * cancellation mail and the invoice corrections. The caller has checked the state machine allows it.
 *
 * The fee is the one given (a customer's cancellation: the event's schedule), else what was not
 * given back (staff: `cancellationFeeOf`) — as `cancellationOutcome` computes it for the previews.
 */
export async function cancelLockedBooking(
  tx: Queryable,
  deps: StaffActionDeps,
  input: {
    booking: BookingRow;
    event: "cancelled_by_staff" | "cancelled_by_customer";
    cause: string;
    details: Record<string, unknown>;
    /** Who cancels: a staff member, or null for the customer. */
    staff: StaffMember | null;
    refund: CancelRefundPlan;
    feeCents?: number | undefined;
    reason?: string | undefined;
    message?: string | undefined;
    notify: boolean;
    idempotencyKey?: string | undefined;
    now: Date;
  },
): Promise<CancelAnswer & { account: BookingAccount }> {
  const { booking, now } = input;
  const resourcesReleased = await releaseBookingHold(tx, booking, now);
  await recordTransition(tx, {
    booking,
    event: input.event,
    cause: input.cause,
    details: { ...input.details, placesReleased: booking.placesHeld, resourcesReleased },
    set: { placesHeld: 0, holdExpiresAt: null },
    now,
  });
  // A fee given is the cancellation's from the start, so the refund's own fee rule (what was not given back) leaves it.
  const cancelled: BookingRow = { ...booking, status: "cancelled", cancellationFeeCents: input.feeCents ?? booking.cancellationFeeCents };
  const refund = input.refund
    ? await refundLockedBooking(tx, deps, {
        booking: cancelled,
        amountCents: input.refund.amountCents,
        onlyChannel: input.refund.onlyChannel,
        reason: input.reason,
        message: input.message,
        // A booking is cancelled once: its cancellation's refund has one key.
        idempotencyKey: cancelRefundKey(booking.id),
        staff: input.staff,
        notify: input.notify,
        now,
        requireRefundable: input.refund.requireRefundable,
      })
    : null;
  // What was not given back is what the operator kept (decision 067), unless the schedule set the fee; never more than the booking cost.
  const kept = input.feeCents ?? cancellationFeeOf(booking, accountOf(cancelled, await readLedger(tx, booking.id), now));
  await tx.update(bookings).set({ cancellationFeeCents: kept }).where(eq(bookings.id, booking.id));
  const account = await writeAccountFigures(tx, booking.id, now, input.cause);
  const offers = await offerFreedPlaces(tx, booking.eventId, now, { publicOrigin: deps.publicOrigin });
  if (input.idempotencyKey && offers.length > 0) {
    // Known only now: kept on the cancellation's audit row so that a retry answers the same.
    await tx
      .update(bookingEvents)
      .set({ details: sql`${bookingEvents.details} || ${JSON.stringify({ waitlistOffers: offers.length })}::jsonb` })
      .where(
        and(
          eq(bookingEvents.bookingId, booking.id),
          eq(bookingEvents.toStatus, "cancelled"),
          sql`${bookingEvents.details}->>'idempotencyKey' = ${input.idempotencyKey}`,
        ),
      );
  }
  const customer = input.notify ? await customerOf(tx, deps, booking) : null;
  if (customer) {
    // Built where its previews build it (preview-cancellation.ts): what was shown is what is sent.
    await deps.enqueueMail(
      tx,
      cancellationMailOf({ booking, customer, message: input.message, refundCents: refund?.refunded_cents ?? 0, account: emailAccountOf(account) }),
    );
  }
  // What the booking owes is now its fee: the invoice is cancelled, and the fee invoiced where one is kept.
  await correctInvoices(tx, deps, { bookingId: booking.id, now, notify: input.notify });
  return {
    uuid: booking.id,
    status: "cancelled",
    places_released: booking.placesHeld,
    resources_released: resourcesReleased,
    waitlist_offers: offers.length,
    refund,
    account,
  };
}

/** A booking is cancelled once: its cancellation's refund has one key. */
export const cancelRefundKey = (bookingId: string) => `cancel-${bookingId}`;
