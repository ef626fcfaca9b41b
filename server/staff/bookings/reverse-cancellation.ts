import { and, desc, eq, ne } from "drizzle-orm";
import { accountViewOf } from "../../../core/contracts/booking-account";
import type { ReverseCancellationAnswer } from "../../../core/contracts/staff-actions";
import { cancellationReversible, type CancellationRecord } from "../../../core/domain/cancellation-reversal";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { writeAccountFigures } from "../../bookings/booking-account";
import { holdAgain } from "../../bookings/hold-again";
import { recordTransition } from "../../bookings/record-transition";
import type { Queryable } from "../../db/client";
import { bookingEvents, bookings } from "../../db/schema";
import { AppError } from "../../errors";
import { correctInvoices } from "../../invoices/correct-invoices";
import { emailAccountOf } from "../../email/email-account";
import { customerOf, lockBooking, staffDetails, type StaffActionDeps, type StaffMember } from "./staff-booking";

export type ReverseCancellationInput = { bookingId: string; staff: StaffMember };

const refusals = {
  not_cancelled: "reversalNotCancelled",
  not_by_customer: "reversalNotByCustomer",
  did_not_stand: "reversalDidNotStand",
  too_late: "reversalTooLate",
} as const;

/** The booking's cancellation as its audit row wrote it (the transition into `cancelled`), or null. */
export async function cancellationRecordOf(tx: Queryable, bookingId: string): Promise<CancellationRecord | null> {
  const [row] = await tx
    .select({ details: bookingEvents.details, fromStatus: bookingEvents.fromStatus, at: bookingEvents.at })
    .from(bookingEvents)
    .where(
      and(
        eq(bookingEvents.bookingId, bookingId),
        eq(bookingEvents.subject, "booking"),
        eq(bookingEvents.toStatus, "cancelled"),
        ne(bookingEvents.fromStatus, "cancelled"),
      ),
    )
    .orderBy(desc(bookingEvents.id))
    .limit(1);
  if (!row) return null;
  const event = row.details?.event;
  return { event: typeof event === "string" ? event : null, fromStatus: row.fromStatus, at: row.at };
}

/**
 * `POST api/staff/bookings/{uuid}/reverse-cancellation` (issue 30, decision 075): a customer's
 * cancellation undone by staff within a day, in one transaction under the booking's row lock. The
 * places and per-day resources are taken again (all or none: when they are gone, 409 and nothing
 * changes); the booking is confirmed with its audit row naming the staff member; the fee is no longer
 * kept, so the account owes the whole booking again less what stayed paid (a card refund already made
 * is not taken back: the customer pays it again through their pay link); a confirmed booking that then
 * owes nothing is paid (writeAccountFigures); the invoice is issued anew for what is owed. Refusals
 * (cancellation-reversal.ts): not cancelled, not by the customer, of a booking that did not stand,
 * after a day — each a 409 with its reason, nothing changed. The customer gets a mail: confirmed again, and what is owed.
 */
export async function reverseCancellation(deps: StaffActionDeps, actor: Actor, input: ReverseCancellationInput): Promise<ReverseCancellationAnswer> {
  authorize(actor, "staff.bookings.cancel", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const verdict = cancellationReversible(booking.status, await cancellationRecordOf(tx, booking.id), now);
    if (!verdict.allowed) throw new AppError("CONFLICT", refusals[verdict.reason]);
    if (!(await holdAgain(tx, booking))) throw new AppError("CONFLICT", "reversalPlacesGone");
    const [held] = await tx.select({ placesHeld: bookings.placesHeld }).from(bookings).where(eq(bookings.id, booking.id));
    const placesTaken = held?.placesHeld ?? 0;
    const cause = `cancellation reversed by staff ${input.staff.email}`;
    await recordTransition(tx, {
      booking,
      event: "cancellation_reversed",
      cause,
      details: { ...staffDetails(input.staff), placesTaken, feeCents: booking.cancellationFeeCents },
      set: { cancellationFeeCents: null, holdExpiresAt: null },
      now,
    });
    const account = await writeAccountFigures(tx, booking.id, now, cause);
    // The fee's invoice is cancelled and the booking invoiced again for what it owes now.
    await correctInvoices(tx, deps, { bookingId: booking.id, now, notify: false });
    const [after] = await tx.select().from(bookings).where(eq(bookings.id, booking.id));
    // The customer hears that the booking stands again and what it owes now (the account after the reversal).
    const customer = await customerOf(tx, deps, after ?? booking);
    if (customer) {
      await deps.enqueueMail(tx, {
        template: "cancellation-reversed",
        locale: booking.locale,
        to: customer.email,
        bookingId: booking.id,
        payload: { name: customer.name, code: customer.code, eventTitle: customer.eventTitle, manageUrl: customer.manageUrl, account: emailAccountOf(account) },
      });
    }
    return { uuid: booking.id, status: after?.status === "paid" ? "paid" : "confirmed", places_taken: placesTaken, account: accountViewOf(account) };
  });
}
