import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { readBookingCodes } from "../staff/bookings/read-booking-codes";
import { offerWaitlistPlaces, removeWaitlistEntry } from "../staff/bookings/change-waitlist-entry";
import { readWaitlist } from "../staff/bookings/read-waitlist";
import { listCallBacks } from "../staff/bookings/list-call-backs";
import { readDashboard } from "../staff/bookings/read-dashboard";
import { readCalendar } from "../staff/bookings/read-calendar";
import { recordCallAttempt } from "../staff/bookings/record-call-attempt";
import type { StaffBookingsQuery } from "../../core/contracts/staff-bookings";
import { listStaffBookings } from "../staff/bookings/list-staff-bookings";
import { readStaffBooking } from "../staff/bookings/read-staff-booking";
import { staffBookingUpload } from "../staff/bookings/staff-booking-upload";
import { listEventChoices } from "../staff/bookings/list-event-choices";
import { invalidatingAvailability } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/** The staff desk (server/staff/bookings): bookings, waitlists, the dashboard and the call-back queue; staff only. */
export function bindStaffDesk(deps: Deps) {
  const { db } = deps;
  return {
  /** An event's waitlist for staff: read, offer places by hand, take an entry off (audited). */
  staffWaitlist: {
    read: (actor: Actor, input: { eventId: string; locale: Locale }) => readWaitlist(deps, actor, input),
    offer: (actor: Actor, input: { eventId: string; entryId: string; staffEmail: string }) =>
      invalidatingAvailability(deps, () => offerWaitlistPlaces(deps, actor, input)),
    remove: (actor: Actor, input: { eventId: string; entryId: string; staffEmail: string }) =>
      invalidatingAvailability(deps, () => removeWaitlistEntry(deps, actor, input)),
  },
  /** The back office's dashboard (server/staff; staff only). */
  staffDashboard: {
    read: (actor: Actor, input: { locale: Locale }) => readDashboard(deps, actor, input),
    /** The calendar (decision 078): a month or week of events with the dashboard's own figures. */
    calendar: (actor: Actor, input: Parameters<typeof readCalendar>[2]) => readCalendar(deps, actor, input),
  },
  /** The call-back queue: pending SMA requests and the call attempts noted on them (staff only). */
  staffCallBacks: {
    list: (actor: Actor, input: { locale: Locale }) => listCallBacks(deps, actor, input),
    recordAttempt: (actor: Actor, input: Parameters<typeof recordCallAttempt>[2]) => recordCallAttempt(deps, actor, input),
  },
  /** The staff desk's bookings (decision 028): every call asks `staff.bookings.*` first. */
  staffBookings: {
    list: (actor: Actor, input: { query: StaffBookingsQuery; locale: Locale }) => listStaffBookings(deps, actor, input),
    read: (actor: Actor, input: { bookingId: string; locale: Locale }) => readStaffBooking(deps, actor, input),
    /** Every event, newest first: the choices of the list's event filter. */
    eventChoices: (actor: Actor, input: { locale: Locale }) => listEventChoices(deps, actor, input),
    /** Booking id → code, to name the bookings of a bulk action's answer (decision 033). */
    codes: (actor: Actor, input: { bookingIds: string[] }) => readBookingCodes(deps, actor, input),
    /** An upload of the booking, opened from the store, to stream it. */
    uploadFile: (actor: Actor, input: { bookingId: string; uploadId: string }) => {
      return staffBookingUpload({ db, files: deps.uploads.files }, actor, input);
    },
  },
  };
}
