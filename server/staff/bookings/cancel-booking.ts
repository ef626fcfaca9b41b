import { and, eq, sql } from "drizzle-orm";
import type { CancelAnswer, CancelRefund } from "../../../core/contracts/staff-actions";
import { cancellationFeeOf } from "../../../core/domain/booking-account";
import { bookingEventAllowed } from "../../../core/domain/booking-state-machine";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { bookingEvents, bookings } from "../../db/schema";
import { emailAccountOf } from "../../email/email-account";
import { correctInvoices } from "../../invoices/correct-invoices";
import { accountOf, readLedger, writeAccountFigures } from "../../bookings/booking-account";
import { releaseBookingHold } from "../../bookings/expire-hold";
import { recordTransition } from "../../bookings/record-transition";
import { offerFreedPlaces } from "../../bookings/waitlist-offers";
import { AppError } from "../../errors";
import { cancellationMailOf } from "./cancellation-mail";
import { earlierRefund, refundLockedBooking } from "./refund-booking";
import { customerOf, lockBooking, staffDetails, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

export type CancelInput = {
  bookingId: string;
  refund: CancelRefund;
  notify: boolean;
  /** Internal note: the audit trail only, never mailed. */
  reason?: string | undefined;
  /** What the customer's mail says, when staff wrote something for them. */
  message?: string | undefined;
  /** The caller's key for this cancellation: the same key again answers it instead of a 409. */
  idempotencyKey?: string | undefined;
  staff: StaffMember;
};

/**
 * `POST api/staff/bookings/{uuid}/cancel`: in one transaction under the booking's row lock, the
 * state machine's `cancelled_by_staff` (a booking cancelled already is refused: 409, nothing
 * changes), its places and per-day resources back to stock as when a hold runs out, the freed places
 * offered to the waitlist, and optionally a refund (refund-booking.ts; "full" with nothing paid
 * refunds nothing; an amount never beyond what is still refundable: 409). A refund the provider
 * refuses rolls the whole cancellation back. With an idempotency key, a retry of a cancellation that
 * went through (a double submit, a lost answer) answers that cancellation again and changes nothing.
 */
export async function cancelBooking(deps: StaffActionDeps, actor: Actor, input: CancelInput): Promise<CancelAnswer> {
  authorize(actor, "staff.bookings.cancel", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    if (booking.status === "cancelled" && input.idempotencyKey) {
      const replay = await earlierCancellation(tx, deps, booking, input.idempotencyKey);
      if (replay) return replay;
    }
    if (!bookingEventAllowed(booking.status, "cancelled_by_staff")) {
      throw new AppError("CONFLICT", booking.status === "cancelled" ? "bookingAlreadyCancelled" : "bookingNotCancellable");
    }
    const resourcesReleased = await releaseBookingHold(tx, booking, now);
    await recordTransition(tx, {
      booking,
      event: "cancelled_by_staff",
      cause: `cancelled by staff ${input.staff.email}`,
      details: {
        ...staffDetails(input.staff),
        placesReleased: booking.placesHeld,
        resourcesReleased,
        refund: input.refund,
        notify: input.notify,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.message ? { message: input.message } : {}),
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      },
      set: { placesHeld: 0, holdExpiresAt: null },
      now,
    });
    const refund =
      input.refund === "none"
        ? null
        : await refundLockedBooking(tx, deps, {
            booking: { ...booking, status: "cancelled" },
            amountCents: input.refund === "full" ? undefined : input.refund.amount_cents,
            reason: input.reason,
            message: input.message,
            // A booking is cancelled once: its cancellation's refund has one key.
            idempotencyKey: cancelRefundKey(booking.id),
            staff: input.staff,
            notify: input.notify,
            now,
            requireRefundable: input.refund !== "full",
          });
    // What was not given back is what the operator kept: the cancellation's fee, which the account now owes
    // (decision 067); never more than the booking cost: money paid beyond that stays credit to give back.
    const kept = accountOf({ ...booking, status: "cancelled" }, await readLedger(tx, booking.id), now);
    await tx.update(bookings).set({ cancellationFeeCents: cancellationFeeOf(booking, kept) }).where(eq(bookings.id, booking.id));
    const account = await writeAccountFigures(tx, booking.id, now, `cancelled by staff ${input.staff.email}`);
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
      // Built where its preview builds it (preview-cancellation.ts): staff saw this mail before sending.
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
    };
  });
}

/** A booking is cancelled once: its cancellation's refund has one key. */
const cancelRefundKey = (bookingId: string) => `cancel-${bookingId}`;

/** The answer of the cancellation made with `key`, read back from its audit row and refunds; null if another cancelled it. */
async function earlierCancellation(tx: Queryable, deps: StaffActionDeps, booking: BookingRow, key: string): Promise<CancelAnswer | null> {
  const [row] = await tx
    .select({ details: bookingEvents.details })
    .from(bookingEvents)
    .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.toStatus, "cancelled"), sql`${bookingEvents.details}->>'idempotencyKey' = ${key}`))
    .limit(1);
  if (!row) return null;
  const count = (value: unknown) => (typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : 0);
  return {
    uuid: booking.id,
    status: "cancelled",
    places_released: count(row.details?.placesReleased),
    resources_released: count(row.details?.resourcesReleased),
    waitlist_offers: count(row.details?.waitlistOffers),
    refund: await earlierRefund(tx, deps, booking, cancelRefundKey(booking.id)),
  };
}
