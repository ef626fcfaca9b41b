import type { EventState } from "./event-state";

/**
 * The order events are listed in (issue 32): what can be booked now first, then what opens later,
 * then what is fully booked (its waitlist still takes names), then closed registrations, then the
 * past; within each group the soonest first. The lists and the widget used to lead with a closed
 * event only because it started soonest.
 */
const stateRank = { bookable: 0, not_bookable_yet: 1, fully_booked: 2, registration_closed: 3, past: 4 } as const satisfies Record<EventState, number>;

export type ListedEvent = { state: EventState; starts_on: string; ends_on: string };

/** A new array in listing order; the input is not changed, and equal events keep their order. */
export function inListingOrder<Event extends ListedEvent>(events: readonly Event[]): Event[] {
  return events
    .map((event, index) => ({ event, index }))
    .sort(
      (a, b) =>
        stateRank[a.event.state] - stateRank[b.event.state] ||
        a.event.starts_on.localeCompare(b.event.starts_on) ||
        a.event.ends_on.localeCompare(b.event.ends_on) ||
        a.index - b.index,
    )
    .map(({ event }) => event);
}
