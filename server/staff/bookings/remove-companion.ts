import { and, eq, sql } from "drizzle-orm";
import type { BookingEditedAnswer } from "../../../core/contracts/staff-booking-edits";
import { formatMoney } from "../../../core/domain/money";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { releasePlaces } from "../../bookings/places";
import { offerFreedPlaces } from "../../bookings/waitlist-offers";
import { bookings, participants } from "../../db/schema";
import { AppError } from "../../errors";
import { lockForEdit, recordEdit, repriceBooking } from "./booking-edit-support";
import { readBookingEdit } from "./read-booking-edit";
import type { StaffActionDeps, StaffMember } from "./staff-booking";

export type RemoveCompanionInput = { bookingId: string; companionId: string; version: number; notify: boolean; staff: StaffMember; locale: Locale };

/**
 * `DELETE api/staff/bookings/{uuid}/companions/{companion}?version=`: staff take a companion off a
 * submitted booking (docs/decisions/032). Its place goes back to the event and is offered to the
 * waitlist as a cancellation's are; the booking is priced again, so an overpayment shows. One
 * transaction with the audit row and the customer's mail.
 */
export async function removeCompanion(deps: StaffActionDeps, actor: Actor, input: RemoveCompanionInput): Promise<BookingEditedAnswer> {
  authorize(actor, "staff.bookings.edit", null);
  const now = deps.now();
  const { changes, offers } = await deps.db.transaction(async (tx) => {
    const booking = await lockForEdit(tx, input.bookingId, input.version);
    const [removed] = await tx
      .delete(participants)
      .where(and(eq(participants.id, input.companionId), eq(participants.bookingId, booking.id), eq(participants.role, "companion")))
      .returning();
    if (!removed) throw new AppError("NOT_FOUND", "companionNotFound");
    // A booking whose hold ran out holds no places; only a held place goes back.
    const freed = booking.placesHeld > 0 ? 1 : 0;
    if (freed) {
      await releasePlaces(tx, booking.eventId, freed);
      await tx
        .update(bookings)
        .set({ placesHeld: sql`${bookings.placesHeld} - ${freed}` })
        .where(eq(bookings.id, booking.id));
    }
    const price = await repriceBooking(tx, booking, now);
    const tb = translatorFor(booking.locale);
    const type = removed.companionType ? tb(`booking.companions.types.${removed.companionType}`) : "";
    const name = [removed.forename, removed.surname].filter(Boolean).join(" ") + (type ? ` (${type})` : "");
    const changes = [
      { label: tb("admin.bookingEdit.change.companionRemoved"), from: name, to: "—" },
      { label: tb("admin.bookingEdit.change.total"), from: formatMoney(booking.totalCents, booking.locale), to: formatMoney(price.totalCents, booking.locale) },
    ];
    const offers = freed ? await offerFreedPlaces(tx, booking.eventId, now, { publicOrigin: deps.publicOrigin }) : [];
    await recordEdit(tx, deps, {
      booking,
      staff: input.staff,
      action: "companion_removed_by_staff",
      changes,
      details: {
        companionId: removed.id,
        placesReleased: freed,
        waitlistOffers: offers.length,
        totalCents: { from: booking.totalCents, to: price.totalCents },
      },
      now,
      notify: input.notify,
    });
    return { changes, offers };
  });
  const view = await readBookingEdit(deps, actor, { bookingId: input.bookingId, locale: input.locale });
  return { ...view, changes, waitlist_offers: offers.length };
}
