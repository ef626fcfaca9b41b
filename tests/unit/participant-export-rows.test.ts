import { describe, expect, it } from "vitest";
import type { PublicFormItem } from "../../core/contracts/forms";
import { csvLine, neutralizeFormula } from "../../server/staff/participant-export-csv";
import { allHeaders, eventDays, participantExportRows, rowCells, type ExportBooking, type ExportContext } from "../../server/staff/participant-export-rows";

const item = (uuid: string, kind: PublicFormItem["kind"], label: string, options: Record<string, unknown> = {}): PublicFormItem =>
  ({ uuid, parent_uuid: null, kind, name: uuid, label, help: null, required: false, options }) as PublicFormItem;

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

  it("makes one row per person, the main participant first, with the booking's facts on each", () => {
    const rows = participantExportRows(context(), [booking()]);
    expect(rows.map((row) => [row.name, row.type])).toEqual([
      ["Anna Antritt", "Main participant"],
      ["Ben Beifahrer", "Co-driver"],
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ code: "TD-7K4M2Q", status: "Paid", email: "anna@example.com", phone: "0171 555", answers: ["Large", "Yes"] });
    }
  });

  it("puts the amounts on the main participant's row only, so a column sums to the event's total", () => {
    const [main, companion] = participantExportRows(context(), [booking()]);
    expect([main?.paidCents, main?.outstandingCents]).toEqual([50_000, 148_000]);
    expect([companion?.paidCents, companion?.outstandingCents]).toEqual([0, 0]);
    expect(rowCells(main ?? ({} as never)).slice(4, 6)).toEqual([500, 1480]);
  });

  it("gives each person the resources that name them, the booking's own to the main participant", () => {
    const [main, companion] = participantExportRows(context(), [booking()]);
    expect(main?.days).toEqual(["1\u00d7 Porsche 911 GT3, 1\u00d7 Instructor", ""]);
    expect(companion?.days).toEqual(["", "2\u00d7 Porsche 911 GT3"]);
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

  it("neutralizes before quoting, and leaves numbers alone", () => {
    expect(csvLine(['=HYPERLINK("x")', -5], "rfc4180")).toBe('"\'=HYPERLINK(""x"")",-5\r\n');
  });
});
