import { and, eq, sql } from "drizzle-orm";
import type { CancelAnswer, CancelRefund } from "../../../core/contracts/staff-actions";
import { bookingEventAllowed } from "../../../core/domain/booking-state-machine";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { bookingEvents } from "../../db/schema";
import { cancelLockedBooking, cancelRefundKey } from "../../bookings/cancel-locked-booking";
import { AppError } from "../../errors";
import { earlierRefund } from "./refund-booking";
import { lockBooking, staffDetails, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

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
    const { account: _account, ...answer } = await cancelLockedBooking(tx, deps, {
      booking,
      event: "cancelled_by_staff",
      cause: `cancelled by staff ${input.staff.email}`,
      details: {
        ...staffDetails(input.staff),
        refund: input.refund,
        notify: input.notify,
        ...(input.reason ? { reason: input.reason } : {}),
        ...(input.message ? { message: input.message } : {}),
        ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
      },
      staff: input.staff,
      refund: input.refund === "none" ? null : { amountCents: input.refund === "full" ? undefined : input.refund.amount_cents, requireRefundable: input.refund !== "full" },
      reason: input.reason,
      message: input.message,
      notify: input.notify,
      idempotencyKey: input.idempotencyKey,
      now,
    });
    return answer;
  });
}


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
