import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { addCompanion, type AddCompanionInput } from "../staff/bookings/add-companion";
import { editBookingAnswers, type EditAnswersInput } from "../staff/bookings/edit-booking-answers";
import { readBookingEdit } from "../staff/bookings/read-booking-edit";
import { removeCompanion, type RemoveCompanionInput } from "../staff/bookings/remove-companion";
import type { StaffActionDeps } from "../staff/bookings/staff-booking";
import { invalidatingAvailability } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/** Staff edit a booking's answers and companions (server/staff, docs/decisions/032), bound to the deps. */
export function bindStaffBookingEdits(deps: Deps) {
  const staff: StaffActionDeps = {
    db: deps.db,
    now: deps.now,
    providers: deps.paymentProviders,
    publicOrigin: deps.publicOrigin,
    manageLinkSecret: deps.manageLinkSecret,
    enqueueMail: deps.enqueueMail,
    editMailDelayMs: deps.editMailDelayMs,
  };
  return {
    read: (actor: Actor, input: { bookingId: string; locale: Locale }) => readBookingEdit(deps, actor, input),
    editAnswers: (actor: Actor, input: EditAnswersInput) => editBookingAnswers(staff, actor, input),
    // A companion takes or frees a place: the event cards must not show a stale count.
    addCompanion: (actor: Actor, input: AddCompanionInput) => invalidatingAvailability(deps, () => addCompanion(staff, actor, input)),
    removeCompanion: (actor: Actor, input: RemoveCompanionInput) => invalidatingAvailability(deps, () => removeCompanion(staff, actor, input)),
  };
}
