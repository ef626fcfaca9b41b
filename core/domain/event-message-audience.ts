import type { AccountPaymentState } from "./booking-account";
import { activeBookingStatuses, type BookingStatus } from "./booking-status";

/**
 * Whom a message to an event reaches (issue 31): the event's active bookings (submitted, awaiting
 * payment, in review, confirmed, paid; never a draft, a cancelled, rejected or expired one), all of them
 * or those whose payment state the filter names. The payment state is the booking account's
 * (`core/domain/booking-account.ts`, cached on the row by `writeAccountFigures`).
 */
export const eventMessagePaymentFilters = ["all", "unpaid", "balance_open"] as const;
export type EventMessagePaymentFilter = (typeof eventMessagePaymentFilters)[number];

/** The bookings' statuses a message may reach. */
export const eventMessageStatuses: readonly BookingStatus[] = activeBookingStatuses;

/** The payment states a filter keeps; null: every state. `unpaid`: nothing paid yet; `balance_open`: something still owed. */
export function paymentStatesOfFilter(filter: EventMessagePaymentFilter): readonly AccountPaymentState[] | null {
  if (filter === "unpaid") return ["unpaid"];
  if (filter === "balance_open") return ["unpaid", "partial"];
  return null;
}

/** Whether a booking in this status and payment state is reached by the filter. */
export function isReachedByEventMessage(booking: { status: BookingStatus; paymentState: AccountPaymentState }, filter: EventMessagePaymentFilter): boolean {
  if (!eventMessageStatuses.includes(booking.status)) return false;
  const states = paymentStatesOfFilter(filter);
  return states === null || states.includes(booking.paymentState);
}
