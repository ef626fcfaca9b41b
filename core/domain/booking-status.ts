/** The booking lifecycle of PRODUCT.md: draft → submitted (places held) → paid, confirmed, in review, … */
export const bookingStatuses = ["draft", "submitted", "awaiting_payment", "in_review", "confirmed", "paid", "rejected", "cancelled", "expired"] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/**
 * Bookings that hold places and are going to the event: a card booking within its hold, a request in
 * review (its places are kept until staff decide), confirmed and paid ones. What a participant list
 * shows by default (decision 029).
 */
export const activeBookingStatuses = ["submitted", "awaiting_payment", "in_review", "confirmed", "paid"] as const satisfies readonly BookingStatus[];
/** Submitted bookings that no longer go to the event: rejected, cancelled, or their hold ran out. */
export const inactiveBookingStatuses = ["rejected", "cancelled", "expired"] as const satisfies readonly BookingStatus[];

/** Whom a participant list shows: the active bookings' people (the default), the inactive ones', or everyone submitted. */
export const participantFilters = ["active", "inactive", "all"] as const;
export type ParticipantFilter = (typeof participantFilters)[number];

/** The statuses a filter lists (a draft is nobody's place yet: never listed). */
export function statusesOfFilter(filter: ParticipantFilter): readonly BookingStatus[] {
  if (filter === "active") return activeBookingStatuses;
  if (filter === "inactive") return inactiveBookingStatuses;
  return [...activeBookingStatuses, ...inactiveBookingStatuses];
}

/** Whether a booking in this status holds places and is going to the event. */
export function isActiveBooking(status: BookingStatus): boolean {
  return (activeBookingStatuses as readonly BookingStatus[]).includes(status);
}
