import { describe, expect, it } from "vitest";
import type { PublicEvent } from "../../core/contracts/events";
import { formatDateTime } from "../../core/domain/dates";
import { toEventView } from "../../app/utils/event-view";
import { formatDeadline } from "../../server/email/email-catalogue";

/** Times show the operator's zone, and the right one for the date: CET in winter, CEST in summer (Europe/Berlin). */
describe("times with their zone", () => {
  it("writes a summer time as CEST / MESZ and a winter time as CET / MEZ, in Berlin time", () => {
    expect(formatDateTime("2027-03-30T12:00:00Z", "en")).toBe("30 Mar 2027, 14:00 CEST");
    expect(formatDateTime("2027-03-30T12:00:00Z", "de")).toBe("30.03.2027, 14:00 MESZ");
    expect(formatDateTime("2027-01-15T13:00:00Z", "en")).toBe("15 Jan 2027, 14:00 CET");
    expect(formatDateTime("2027-01-15T13:00:00Z", "de")).toBe("15.01.2027, 14:00 MEZ");
  });

  it("switches on the night the clocks change (last Sunday of March and of October)", () => {
    expect(formatDateTime("2027-03-28T00:59:00Z", "en")).toBe("28 Mar 2027, 01:59 CET");
    expect(formatDateTime("2027-03-28T01:00:00Z", "en")).toBe("28 Mar 2027, 03:00 CEST");
    expect(formatDateTime("2027-10-31T00:59:00Z", "de")).toBe("31.10.2027, 02:59 MESZ");
    expect(formatDateTime("2027-10-31T01:00:00Z", "de")).toBe("31.10.2027, 02:00 MEZ");
  });

  it("shows the event pages' deadlines and opening times with their zone", () => {
    const event = {
      starts_on: "2027-07-10",
      ends_on: "2027-07-11",
      price_from_cents: 10800,
      registration_deadline: "2027-06-30T21:59:00Z",
      bookable_from: "2027-02-01T08:00:00Z",
    } as PublicEvent;
    expect(toEventView(event, "en").display).toMatchObject({ registrationDeadline: "30 Jun 2027, 23:59 CEST", bookableFrom: "1 Feb 2027, 09:00 CET" });
    expect(toEventView(event, "de").display).toMatchObject({ registrationDeadline: "30.06.2027, 23:59 MESZ", bookableFrom: "01.02.2027, 09:00 MEZ" });
  });

  it("writes the e-mails' deadlines with their zone too", () => {
    expect(formatDeadline("2027-07-01T12:30:00Z", "en")).toBe("1 July 2027 at 14:30 CEST");
    expect(formatDeadline("2027-12-01T12:30:00Z", "de")).toBe("1. Dezember 2027 um 13:30 MEZ");
  });
});
