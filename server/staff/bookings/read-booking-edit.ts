import type { BookingEditView } from "../../../core/contracts/staff-booking-edits";
import { bookingEditable } from "../../../core/domain/booking-edits";
import { companionTypes, type CompanionType } from "../../../core/domain/booking-choices";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { bookedForm, companionItemOf, companionRowsOf, editableItemsOf } from "./booking-edit-support";
import { findSubmittedBooking } from "./read-staff-booking";

const companionTypeOf = (value: string | null): CompanionType | null => companionTypes.find((type) => type === value) ?? null;
const salutationOf = (value: string | null) => (["mr", "mrs", "divers"] as const).find((salutation) => salutation === value) ?? null;

/** What the edit page shows (`GET api/staff/bookings/{uuid}/answers`): the editable answers, companions, money and version. Staff only. */
export async function readBookingEdit(
  deps: { db: Queryable; now: () => Date },
  actor: Actor,
  input: { bookingId: string; locale: Locale },
): Promise<BookingEditView> {
  authorize(actor, "staff.bookings.edit", null);
  const { booking } = await findSubmittedBooking(deps.db, input.bookingId);
  const form = await bookedForm(deps.db, booking, input.locale, deps.now());
  const companionItem = companionItemOf(form);
  const companions = await companionRowsOf(deps.db, booking.id);
  return {
    uuid: booking.id,
    code: booking.code,
    status: booking.status,
    editable: bookingEditable(booking.status),
    version: booking.version,
    items: editableItemsOf(form).map(({ pageTitle, item, shownWhen }) => ({ page_title: pageTitle, item, value: booking.answers[item.uuid] ?? null, shown_when: shownWhen })),
    companion_item: companionItem
      ? {
          uuid: companionItem.item.uuid,
          label: companionItem.item.label,
          max_companions: companionItem.options.maxCompanions,
          types: companionItem.options.types,
        }
      : null,
    companions: companions.map((row) => ({
      uuid: row.id,
      type: companionTypeOf(row.companionType),
      salutation: salutationOf(row.salutation),
      forename: row.forename,
      surname: row.surname,
      date_of_birth: typeof row.answers.date_of_birth === "string" ? row.answers.date_of_birth : null,
    })),
    money: { total_cents: booking.totalCents, paid_cents: booking.paidCents },
  };
}
