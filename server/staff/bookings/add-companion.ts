import { eq, sql } from "drizzle-orm";
import type { AddCompanionBody, BookingEditedAnswer } from "../../../core/contracts/staff-booking-edits";
import { companionProblems } from "../../../core/domain/booking-choices";
import { operatorToday } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { holdPlaces } from "../../bookings/places";
import { bookings, participants } from "../../db/schema";
import { AppError } from "../../errors";
import { bookedForm, companionItemOf, companionRowsOf, lockForEdit, recordEdit, repriceBooking } from "./booking-edit-support";
import { readBookingEdit } from "./read-booking-edit";
import type { StaffActionDeps, StaffMember } from "./staff-booking";

export type AddCompanionInput = AddCompanionBody & { bookingId: string; staff: StaffMember; locale: Locale };

/**
 * `POST api/staff/bookings/{uuid}/companions`: staff add a companion to a submitted booking
 * (docs/decisions/032). The companion takes a place through the guarded places counter (refused when
 * the event is full or the form's maximum of companions is reached: 409, nothing changes), and the
 * booking is priced again from the event's price list, so the outstanding amount follows. One
 * transaction: the person, the place, the price, the audit row and the customer's mail.
 */
export async function addCompanion(deps: StaffActionDeps, actor: Actor, input: AddCompanionInput): Promise<BookingEditedAnswer> {
  authorize(actor, "staff.bookings.edit", null);
  const now = deps.now();
  const t = translatorFor(input.locale);
  const changes = await deps.db.transaction(async (tx) => {
    const booking = await lockForEdit(tx, input.bookingId, input.version);
    const form = await bookedForm(tx, booking, booking.locale, now);
    const companionItem = companionItemOf(form);
    if (!companionItem) throw new AppError("CONFLICT", "companionsNotOffered");
    const problems = companionProblems(
      companionItem.options,
      { type: input.type, salutation: input.salutation ?? null, forename: input.forename, surname: input.surname, date_of_birth: input.date_of_birth ?? null },
      operatorToday(now),
    );
    if (Object.keys(problems).length) {
      throw new AppError("VALIDATION_FAILED", "invalidRequest", {
        fieldErrors: Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [t(key)]])),
      });
    }
    const existing = await companionRowsOf(tx, booking.id);
    if (existing.length >= companionItem.options.maxCompanions) {
      throw new AppError("CONFLICT", "companionMaximumReached", { params: { count: companionItem.options.maxCompanions } });
    }
    // The same conditional counter as a submission: the last place is sold once.
    if (!(await holdPlaces(tx, booking.eventId, 1))) throw new AppError("CONFLICT", "companionNoPlace", { reason: "fully_booked" });
    await tx
      .update(bookings)
      .set({ placesHeld: sql`${bookings.placesHeld} + 1` })
      .where(eq(bookings.id, booking.id));
    const position = Math.max(0, ...existing.map((row) => row.position)) + 1;
    const [added] = await tx
      .insert(participants)
      .values({
        bookingId: booking.id,
        role: "companion",
        position,
        companionType: input.type,
        salutation: input.salutation ?? null,
        forename: input.forename.trim(),
        surname: input.surname.trim(),
        answers: { date_of_birth: input.date_of_birth?.trim() || null },
      })
      .returning({ id: participants.id });
    const price = await repriceBooking(tx, booking, now);
    const tb = translatorFor(booking.locale);
    const name = `${input.forename.trim()} ${input.surname.trim()} (${tb(`booking.companions.types.${input.type}`)})`;
    const changes = [
      { label: tb("admin.bookingEdit.change.companionAdded"), from: "—", to: name },
      { label: tb("admin.bookingEdit.change.total"), from: formatMoney(booking.totalCents, booking.locale), to: formatMoney(price.totalCents, booking.locale) },
    ];
    await recordEdit(tx, deps, {
      booking,
      staff: input.staff,
      action: "companion_added_by_staff",
      changes,
      details: { companionId: added?.id ?? null, placesTaken: 1, totalCents: { from: booking.totalCents, to: price.totalCents } },
      now,
      notify: input.notify,
    });
    return changes;
  });
  const view = await readBookingEdit(deps, actor, { bookingId: input.bookingId, locale: input.locale });
  return { ...view, changes, waitlist_offers: 0 };
}
