import { describe, expect, it } from "vitest";
import { inListingOrder, type ListedEvent } from "../../core/domain/event-order";

const event = (name: string, state: ListedEvent["state"], startsOn: string, endsOn = startsOn) => ({ name, state, starts_on: startsOn, ends_on: endsOn });

describe("inListingOrder", () => {
  it("puts bookable events first, then not yet open, fully booked, closed and past, each soonest first", () => {
    const listed = inListingOrder([
      event("closed soon", "registration_closed", "2026-12-01"),
      event("past", "past", "2026-10-01"),
      event("bookable later", "bookable", "2027-03-01"),
      event("full", "fully_booked", "2027-01-10"),
      event("not yet", "not_bookable_yet", "2027-02-01"),
      event("bookable soon", "bookable", "2027-01-05"),
      event("closed later", "registration_closed", "2027-04-01"),
    ]);
    expect(listed.map((entry) => entry.name)).toEqual([
      "bookable soon",
      "bookable later",
      "not yet",
      "full",
      "closed soon",
      "closed later",
      "past",
    ]);
  });

  it("orders equal start dates by end date and otherwise keeps the given order", () => {
    const listed = inListingOrder([
      event("long", "bookable", "2027-01-05", "2027-01-09"),
      event("first", "bookable", "2027-01-05", "2027-01-06"),
      event("second", "bookable", "2027-01-05", "2027-01-06"),
    ]);
    expect(listed.map((entry) => entry.name)).toEqual(["first", "second", "long"]);
  });

  it("leaves its input alone", () => {
    const input = [event("closed", "registration_closed", "2026-12-01"), event("open", "bookable", "2027-01-05")];
    inListingOrder(input);
    expect(input.map((entry) => entry.name)).toEqual(["closed", "open"]);
  });
});
