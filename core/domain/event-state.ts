import { operatorToday, type IsoDate } from "./dates";

/** What a visitor can do with an event right now (PRODUCT.md "Events"). */
export const eventStates = ["bookable", "not_bookable_yet", "fully_booked", "registration_closed", "past"] as const;
export type EventState = (typeof eventStates)[number];

export type EventAvailabilityInput = {
  startsOn: IsoDate;
  endsOn: IsoDate;
  bookableFrom: Date | null;
  registrationDeadline: Date | null;
  capacity: number;
  placesTaken: number;
};

/**
 * The order matters: an event that is over is past whatever else holds; a closed registration
 * beats "not bookable yet"; only an open registration can be fully booked.
 */
export function eventState(event: EventAvailabilityInput, now: Date): EventState {
  const today = operatorToday(now);
  if (event.endsOn < today) return "past";
  if (event.registrationDeadline && event.registrationDeadline.getTime() < now.getTime()) return "registration_closed";
  if (event.startsOn <= today) return "registration_closed";
  if (event.bookableFrom && event.bookableFrom.getTime() > now.getTime()) return "not_bookable_yet";
  if (placesLeft(event) === 0) return "fully_booked";
  return "bookable";
}

export function placesLeft(event: Pick<EventAvailabilityInput, "capacity" | "placesTaken">): number {
  return Math.max(0, event.capacity - event.placesTaken);
}
