import { describe, expect, it } from "vitest";
import type { PublicFormItem } from "../../core/contracts/forms";
import { csvLine, neutralizeFormula } from "../../server/staff/exports/participant-export-csv";
import { activeBookingStatuses, isActiveBooking, statusesOfFilter } from "../../core/domain/booking-status";
import {
  allHeaders,
  answerString,
  eventDays,
  exportAnswerItems,
  participantExportRows,
  rowCells,
  type ExportBooking,
  type ExportContext,
} from "../../server/staff/exports/participant-export-rows";

const item = (uuid: string, kind: PublicFormItem["kind"], label: string, options: Record<string, unknown> = {}, name = uuid): PublicFormItem =>
  ({ uuid, parent_uuid: null, kind, name, label, help: null, required: false, options }) as PublicFormItem;

const context = (locale: "en" | "de" = "en"): ExportContext => ({
  locale,
  startsOn: "2027-05-12",
  endsOn: "2027-05-13",
  answerItems: [item("size", "select", "T-shirt size", { choices: [{ value: "l", label: "Large" }] }), item("licence", "checkbox", "Racing licence")],
  resourceLabels: { street_gt: "Porsche 911 GT3", instructor: "Instructor" },
});

const booking = (overrides: Partial<ExportBooking> = {}): ExportBooking => ({
  code: "TD-7K4M2Q",
  status: "paid",
  totalCents: 198_000,
  paidCents: 50_000,
  answers: { size: "l", licence: true },
  people: [
    { id: "c1", role: "companion", companionType: "co_driver", forename: "Ben", surname: "Beifahrer", email: null, phone: null },
    { id: "m", role: "main", companionType: null, forename: "Anna", surname: "Antritt", email: "anna@example.com", phone: "0171 555" },
  ],
  reservations: [
    { day: 1, key: "street_gt", quantity: 1, participantId: null },
    { day: 1, key: "instructor", quantity: 1, participantId: null },
    { day: 2, key: "street_gt", quantity: 1, participantId: "c1" },
    { day: 2, key: "street_gt", quantity: 1, participantId: "c1" },
  ],
  uploads: [],
  ...overrides,
});

describe("participant export rows", () => {
  it("lists the event's days from its first to its last date", () => {
    expect(eventDays(context())).toEqual([1, 2]);
    expect(eventDays({ startsOn: "2027-05-12", endsOn: "2027-05-12" })).toEqual([1]);
  });

  it("heads the columns in the caller's language: fixed, one per answer item, one per day with its date", () => {
    expect(allHeaders(context())).toEqual([
      "Name",
      "Type",
      "Booking code",
      "Status",
      "Paid",
      "Outstanding",
      "E-mail",
      "Phone",
      "T-shirt size",
      "Racing licence",
      "Day 1 (12 May)",
      "Day 2 (13 May)",
    ]);
    expect(allHeaders(context("de")).slice(0, 3)).toEqual(["Name", "Art", "Buchungscode"]);
    expect(allHeaders(context("de")).slice(-2)).toEqual(["Tag 1 (12. Mai)", "Tag 2 (13. Mai)"]);
  });

  it("makes one row per person, the main participant first, with the booking's code, status and contact on each", () => {
    const rows = participantExportRows(context(), [booking()]);
    expect(rows.map((row) => [row.name, row.type])).toEqual([
      ["Anna Antritt", "Main participant"],
      ["Ben Beifahrer", "Co-driver"],
    ]);
    for (const row of rows) expect(row).toMatchObject({ code: "TD-7K4M2Q", status: "Paid", email: "anna@example.com", phone: "0171 555" });
    // The booking's answers are the main participant's (the form asks "your licence"): not on the companion's row.
    expect(rows.map((row) => row.answers.map(answerString))).toEqual([
      ["Large", "Yes"],
      ["", ""],
    ]);
  });

  it("leaves out answer columns that repeat a fixed column or do not concern the person", () => {
    const named = (name: string, kind: PublicFormItem["kind"] = "input") => item(name, kind, name, {}, name);
    const items = [
      named("main.salutation", "select"),
      named("main.forename"),
      named("main.surname"),
      named("main.email"),
      named("main.phone", "international_phone"),
      named("main.date_of_birth", "date"),
      named("main.vat_id"),
      named("main.fax"),
      named("track.driving_licence_number"),
      named("billing.separate", "checkbox"),
      named("billing.name"),
      named("terms", "checkbox"),
      named("create_account", "checkbox"),
      named("payment_option", "radio"),
      named("companions", "companion"),
      named("track.headline", "headline"),
      named("additional_comments", "textarea"),
    ];
    expect(exportAnswerItems(items).map((kept) => kept.name)).toEqual([
      "main.salutation",
      "main.date_of_birth",
      "track.driving_licence_number",
      "additional_comments",
    ]);
  });

  it("puts the amounts on the main participant's row only, so a column sums to the event's total", () => {
    const [main] = participantExportRows(context(), [booking()]);
    expect([main?.paidCents, main?.outstandingCents]).toEqual([50_000, 148_000]);
    expect(rowCells(main ?? ({} as never)).slice(4, 6)).toEqual([500, 1480]);
  });

  it("gives each person the resources that name them, the booking's own to the main participant", () => {
    const [main, companion] = participantExportRows(context(), [booking()]);
    expect(main?.days).toEqual(["1\u00d7 Porsche 911 GT3, 1\u00d7 Instructor", ""]);
    expect(companion?.days).toEqual(["", "2\u00d7 Porsche 911 GT3"]);
  });

  it("gives a companion's row the companion's own answers, never the main participant's", () => {
    const salutation = item("sal", "select", "Salutation", { choices: [{ value: "mr", label: "Mr" }, { value: "mrs", label: "Mrs" }] }, "main.salutation");
    const birth = item("dob", "date", "Date of birth", {}, "main.date_of_birth");
    const nationality = item("nat", "nationality_select", "Nationality", {}, "main.nationality");
    const size = item("size", "select", "T-shirt size", { choices: [{ value: "l", label: "Large" }] });
    const withPeople: ExportContext = { ...context(), answerItems: [salutation, birth, nationality, size] };
    const [main, companion] = participantExportRows(withPeople, [
      booking({
        answers: { sal: "mrs", dob: "1980-02-01", nat: "DE", size: "l" },
        people: [
          { id: "m", role: "main", companionType: null, forename: "Anna", surname: "Antritt", email: "anna@example.com", phone: "0171 555" },
          {
            id: "c1",
            role: "companion",
            companionType: "co_driver",
            salutation: "mr",
            forename: "Ben",
            surname: "Beifahrer",
            email: null,
            phone: null,
            answers: { date_of_birth: "1990-03-04" },
          },
        ],
      }),
    ]);
    expect(main?.answers.map(answerString)).toEqual(["Mrs", "1 February 1980", "Germany", "Large"]);
    // The companion's salutation and birth date; the main participant's nationality and shirt are not theirs.
    expect(companion?.answers.map(answerString)).toEqual(["Mr", "4 March 1990", "", ""]);
    // A date is a date in the workbook: its ISO day travels with its text.
    expect(rowCells(companion ?? ({} as never))).toContainEqual({ date: "1990-03-04", text: "4 March 1990" });
  });

  it("leaves the amounts of a companion's row empty rather than 0, and says whether the booking is going", () => {
    const [main, companion] = participantExportRows(context(), [booking()]);
    expect([companion?.paidCents, companion?.outstandingCents]).toEqual([null, null]);
    expect(rowCells(companion ?? ({} as never)).slice(4, 6)).toEqual([null, null]);
    expect([main?.active, companion?.active]).toEqual([true, true]);
    const [cancelled] = participantExportRows(context(), [booking({ status: "cancelled" })]);
    expect(cancelled?.active).toBe(false);
    expect(cancelled?.status).toBe("Cancelled");
  });

  it("owes nothing on a booking that no longer goes (as the dashboard counts): its paid amount stays, nothing is outstanding", () => {
    for (const status of ["cancelled", "rejected", "expired"] as const) {
      const [main] = participantExportRows(context(), [booking({ status })]);
      expect([main?.paidCents, main?.outstandingCents]).toEqual([50_000, 0]);
    }
  });

  it("drops the day columns of an event without vehicles or extras per day", () => {
    const golf: ExportContext = { ...context(), hasDayResources: false };
    expect(allHeaders(golf).some((header) => header.startsWith("Day "))).toBe(false);
    expect(participantExportRows(golf, [booking()])[0]?.days).toEqual([]);
  });

  it("leaves unanswered items empty and names a resource without a price by its key", () => {
    const [main] = participantExportRows(context("de"), [
      booking({ answers: {}, reservations: [{ day: 2, key: "pit_box", quantity: 1, participantId: null }] }),
    ]);
    expect(main?.answers).toEqual(["", ""]);
    expect(main?.days).toEqual(["", "1\u00d7 pit_box"]);
    expect(main?.type).toBe("Hauptteilnehmer:in");
  });
});

describe("whom a list shows", () => {
  it("lists the bookings that hold places and are going by default, the others on request", () => {
    expect(statusesOfFilter("active")).toEqual(activeBookingStatuses);
    expect(statusesOfFilter("inactive")).toEqual(["rejected", "cancelled", "expired"]);
    expect(statusesOfFilter("all")).not.toContain("draft");
    expect(statusesOfFilter("all")).toHaveLength(8);
    expect(["in_review", "submitted", "paid"].every((status) => isActiveBooking(status as never))).toBe(true);
    expect(isActiveBooking("rejected")).toBe(false);
  });
});

describe("CSV cells", () => {
  it("neutralizes what a spreadsheet would run as a formula (OWASP CSV injection)", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) expect(neutralizeFormula(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(neutralizeFormula("Anna")).toBe("Anna");
    expect(neutralizeFormula("")).toBe("");
  });

  it("quotes per RFC 4180 and ends each line with CRLF", () => {
    expect(csvLine(["a", 'say "hi"', "x,y", "two\nlines", 12.5], "rfc4180")).toBe('a,"say ""hi""","x,y","two\nlines",12.5\r\n');
  });

  it("writes the German dialect with semicolons and decimal commas, quoting only what needs it", () => {
    expect(csvLine(["x,y", "a;b", 12.5, 3], "excel-de")).toBe('x,y;"a;b";12,5;3\r\n');
  });

  it("keeps a negative amount a number in both dialects (a credit is not a formula)", () => {
    expect(csvLine([-196, -12.5, "-12.5"], "excel-de")).toBe("-196;-12,5;'-12.5\r\n");
    expect(csvLine([-196, -12.5], "rfc4180")).toBe("-196,-12.5\r\n");
  });

  it("writes an empty amount as an empty cell and a date as its text", () => {
    expect(csvLine([null, { date: "1990-03-04", text: "04.03.1990" }, "-"], "excel-de")).toBe(";04.03.1990;'-\r\n");
  });

  it("neutralizes before quoting, and leaves numbers alone", () => {
    expect(csvLine(['=HYPERLINK("x")', -5], "rfc4180")).toBe('"\'=HYPERLINK(""x"")",-5\r\n');
  });
});
