import { and, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { pickLocale } from "../../core/contracts/localized-text";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, eventDayResources, eventPrices, eventSlugs, events, formItems, formPages, forms, participants } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { exportBookingBatches } from "../../server/staff/exports/participant-export-batches";
import { createTestApi } from "../support/api-client";
import { createDraftBooking, createHeldCardBooking, createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";
import { pdfText } from "../support/pdf-text";

/**
 * `GET api/staff/events/{uuid}/participants.{csv,xlsx,pdf}` (decision 029): the track day's people, each
 * with the vehicles and extras of each day, in both CSV dialects, a workbook read back and a PDF whose
 * text is extracted; staff only.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
const eventId = seedIds.events.trackDayTwoDays;
const tokens: Record<"staff" | "customer" | "admin" | "passwordOnlyStaff", string> = { staff: "", customer: "", admin: "", passwordOnlyStaff: "" };
/** The people the export must list, with what each day's column must say. */
const expected: { name: string; day1: string; day2: string }[] = [];
let labels: Record<string, string> = {};
let slug = "";
let germanSlug = "";
let startsOn = "";
const injection = '=HYPERLINK("http://evil.example","x")';
/** A name long enough to wrap in the PDF's name column, which must print whole. */
const longName = { forename: "Maximiliane-Konstanze", surname: "von Hohenzollern-Sigmaringen-Wittelsbach" };

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database);
  const { db } = database;
  tokens.staff = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  tokens.customer = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  tokens.admin = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
  // A staff session opened by the password alone (decision 027): no staff powers.
  tokens.passwordOnlyStaff = (await api.services.accounts.startSession((await createStaffMember(db)).id)).access_token;
  const resources = await db.select().from(eventDayResources).where(eq(eventDayResources.eventId, eventId));
  const prices = await db.select().from(eventPrices).where(eq(eventPrices.eventId, eventId));
  labels = Object.fromEntries(prices.map((price) => [price.key, pickLocale(price.label, "en")]));
  const resource = (day: number, kind: string) => {
    const found = resources.find((candidate) => candidate.day === day && candidate.kind === kind && candidate.stock !== null);
    if (!found) throw new Error(`the track day has no ${kind} on day ${day}`);
    return found;
  };
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  startsOn = event?.startsOn ?? "";
  const [slugRow] = await db
    .select()
    .from(eventSlugs)
    .where(and(eq(eventSlugs.eventId, eventId), eq(eventSlugs.locale, "en")));
  slug = slugRow?.slug ?? "";
  const [germanSlugRow] = await db
    .select()
    .from(eventSlugs)
    .where(and(eq(eventSlugs.eventId, eventId), eq(eventSlugs.locale, "de")));
  germanSlug = germanSlugRow?.slug ?? "";

  const vehicle1 = resource(1, "vehicle");
  const instructor1 = resource(1, "instructor");
  const vehicle2 = resource(2, "vehicle");
  // A party of three: names with a comma, quotes, letters of other scripts, and a formula.
  const first = await createHeldCardBooking(db, eventId, {
    companions: ["driver", "co_driver"],
    resources: [
      { resourceId: vehicle1.id, quantity: 1 },
      { resourceId: instructor1.id, quantity: 1 },
      { resourceId: vehicle2.id, quantity: 1 },
    ],
  });
  const names = [
    { forename: "Zoë", surname: 'Ångström, "Speedy"', phone: "+49 170 1234567" },
    { forename: "王", surname: "小明" },
    { forename: injection, surname: "Formula" },
  ];
  const firstPeople = await db.select().from(participants).where(eq(participants.bookingId, first.bookingId)).orderBy(participants.position);
  for (const [index, person] of firstPeople.entries())
    await db
      .update(participants)
      .set(names[index] ?? {})
      .where(eq(participants.id, person.id));
  // The form's items by name: the booking's answers are keyed by their uuids.
  const items = await db
    .select({ id: formItems.id, name: formItems.name })
    .from(formItems)
    .innerJoin(formPages, eq(formPages.id, formItems.pageId))
    .innerJoin(forms, eq(forms.id, formPages.formId))
    .where(eq(forms.eventId, eventId));
  const uuidOf = (name: string) => {
    const found = items.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`the track day's form has no ${name}`);
    return found.id;
  };
  // The main participant's answers (as a submission stores them, the names repeated in the answers) and a companion's own date of birth.
  await db
    .update(bookings)
    .set({
      paidCents: 50_000,
      totalCents: 220_200,
      answers: {
        [uuidOf("main.forename")]: "Zoë",
        [uuidOf("main.email")]: "zoe@example.com",
        [uuidOf("main.date_of_birth")]: "1980-02-01",
        [uuidOf("track.driving_licence_number")]: "B072RRE2I55",
        [uuidOf("terms")]: true,
      },
    })
    .where(eq(bookings.id, first.bookingId));
  const [, secondPerson] = firstPeople;
  if (secondPerson) await db.update(participants).set({ answers: { date_of_birth: "1990-03-04" } }).where(eq(participants.id, secondPerson.id));
  expected.push(
    {
      name: 'Zoë Ångström, "Speedy"',
      day1: `1\u00d7 ${labels[vehicle1.key]}, 1\u00d7 ${labels[instructor1.key]}`,
      day2: `1\u00d7 ${labels[vehicle2.key]}`,
    },
    { name: "王 小明", day1: "", day2: "" },
    { name: `${injection} Formula`, day1: "", day2: "" },
  );
  // A booking alone, with a car on day 2 only.
  const second = await createHeldCardBooking(db, eventId, { resources: [{ resourceId: vehicle2.id, quantity: 2 }] });
  await db.update(participants).set({ forename: "Line", surname: "Break\nSecond" }).where(eq(participants.bookingId, second.bookingId));
  expected.push({ name: "Line Break\nSecond", day1: "", day2: `2\u00d7 ${labels[vehicle2.key]}` });
  // Bookings that no longer go: listed only on request.
  for (const [status, surname] of [
    ["cancelled", "Cancelled"],
    ["rejected", "Rejected"],
  ] as const) {
    const gone = await createHeldCardBooking(db, eventId, { companions: ["co_driver"] });
    await db.update(bookings).set({ status }).where(eq(bookings.id, gone.bookingId));
    await db.update(participants).set({ forename: "Gone", surname }).where(eq(participants.bookingId, gone.bookingId));
  }
  // A draft is nobody's place yet: not listed.
  const draft = await createDraftBooking(db, eventId);
  await db.update(participants).set({ forename: "Draft", surname: "Only" }).where(eq(participants.bookingId, draft));
});
afterAll(async () => {
  await database.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const url = (format: string, query = "", id: string = eventId) => `/api/staff/events/${id}/participants.${format}${query}`;
const staffGet = (format: string, query = "", headers: Record<string, string> = {}) => api.get(url(format, query), { ...bearer(tokens.staff), ...headers });

/** RFC 4180 records of a CSV text (quoted fields may hold separators, quotes and line breaks). */
function parseCsv(text: string, separator: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const letter = text[index];
    if (quoted) {
      if (letter === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (letter === '"') quoted = false;
      else field += letter;
    } else if (letter === '"') quoted = true;
    else if (letter === separator) {
      record.push(field);
      field = "";
    } else if (letter === "\r" && text[index + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      index++;
    } else field += letter;
  }
  if (field !== "" || record.length > 0) throw new Error("the CSV does not end with CRLF");
  return records;
}


describe("the participant export", () => {
  it("lists every person of the track day with vehicles per day (CSV, comma, no BOM, CRLF)", async () => {
    const response = await staffGet("csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-disposition")).toBe(
      `attachment; filename="${slug}-${startsOn}-participants.csv"; filename*=UTF-8''${slug}-${startsOn}-participants.csv`,
    );
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).not.toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text.endsWith("\r\n")).toBe(true);
    const [headers = [], ...rows] = parseCsv(text, ",");
    expect(headers.slice(0, 8)).toEqual(["Name", "Type", "Booking code", "Status", "Paid", "Outstanding", "E-mail", "Phone"]);
    const day1 = headers.findIndex((header) => header.startsWith("Day 1 ("));
    const day2 = headers.findIndex((header) => header.startsWith("Day 2 ("));
    expect(day1).toBeGreaterThan(7);
    expect(day2).toBe(day1 + 1);
    expect(rows).toHaveLength(expected.length);
    for (const person of expected) {
      const row = rows.find((candidate) => candidate[0] === person.name || candidate[0] === `'${person.name}`);
      expect(row, person.name).toBeDefined();
      expect(row?.[day1]).toBe(person.day1);
      expect(row?.[day2]).toBe(person.day2);
    }
    const main = rows.find((row) => row[0] === expected[0]?.name);
    expect(main?.slice(1, 2)).toEqual(["Main participant"]);
    expect(main?.[4]).toBe("500");
    // "+" starts a formula too (OWASP): a phone number keeps its apostrophe rather than becoming #NAME?.
    expect(main?.[7]).toBe("'+49 170 1234567");
    expect(rows.map((row) => row[1])).toEqual(expect.arrayContaining(["Driving companion (driver)", "Co-driver"]));
    expect(text).not.toContain("Draft Only");
    // Byte for byte: the quoted name with its doubled quotes, and the line break inside quotes.
    expect(text).toContain('"Zoë Ångström, ""Speedy"""');
    expect(text).toContain('"Line Break\nSecond"');
  });

  it("writes the German Excel dialect: BOM, semicolons, decimal comma, German headers", async () => {
    const response = await staffGet("csv", "?dialect=excel-de", { "accept-language": "de" });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`filename="${germanSlug}-${startsOn}-teilnehmer.csv"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8").slice(1);
    expect(text.startsWith("Name;Art;Buchungscode;Status;Bezahlt;Offen;E-Mail;Telefon;")).toBe(true);
    const [headers = [], ...rows] = parseCsv(text, ";");
    expect(headers.some((header) => header.startsWith("Tag 1 ("))).toBe(true);
    expect(rows).toHaveLength(expected.length);
    expect(rows.map((row) => row[1])).toContain("Hauptteilnehmer:in");
    // No quotes needed for a comma in a semicolon file; quotes in the text are still doubled.
    expect(text).toContain('"Zoë Ångström, ""Speedy"""');
    const main = rows.find((row) => row[0]?.startsWith("Zoë"));
    expect(main?.[4]).toBe("500");
  });

  it("neutralizes CSV cells that would start a formula; the workbook holds them as text, never as a formula", async () => {
    const csv = await (await staffGet("csv")).text();
    expect(csv).toContain(`"'${injection.replaceAll('"', '""')} Formula"`);
    expect(csv).not.toMatch(/(^|[,\n])"?=HYPERLINK/u);
    const bytes = Buffer.from(await (await staffGet("xlsx")).arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const names = workbook.worksheets[0]?.getColumn(1).values ?? [];
    expect(names).toContain(`${injection} Formula`);
    let formulas = 0;
    workbook.worksheets[0]?.eachRow((row) => row.eachCell((cell) => (formulas += cell.type === ExcelJS.ValueType.Formula ? 1 : 0)));
    expect(formulas).toBe(0);
  });

  it("reads back the XLSX: headers and one row per person", async () => {
    const response = await staffGet("xlsx");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("content-disposition")).toContain(`${slug}-${startsOn}-participants.xlsx`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const rows: unknown[][] = [];
    sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [headers = [], ...people] = rows;
    expect(headers.slice(0, 3)).toEqual(["Name", "Type", "Booking code"]);
    const day1 = headers.findIndex((header) => String(header).startsWith("Day 1 ("));
    expect(people).toHaveLength(expected.length);
    const main = people.find((row) => row[0] === expected[0]?.name);
    expect(main?.[4]).toBe(500);
    expect(main?.[day1]).toBe(expected[0]?.day1);
  });

  it("prints a PDF participant list naming every person, with page numbers, in German too", async () => {
    const response = await staffGet("pdf");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`${slug}-${startsOn}-participants.pdf`);
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    const flat = text.replace(/\s+/g, " ");
    for (const person of expected.slice(0, 2)) expect(flat.replace(/\s/g, "")).toContain(person.name.replace(/\s/g, ""));
    expect(flat).toContain("Page 1 of 1");
    expect(flat).toContain("Main participant");
    expect(flat).not.toContain("Draft Only");
    const german = await pdfText(Buffer.from(await (await staffGet("pdf", "", { "accept-language": "de" })).arrayBuffer()));
    expect(german.replace(/\s+/g, " ")).toContain("Seite 1 von 1");
    expect(german).toContain("Teilnehmerliste");
  });

  it("answers 404 for an unknown event and for another format, 422 for an unknown dialect", async () => {
    for (const format of ["csv", "xlsx", "pdf"]) {
      const missing = await api.get(url(format, "", "00000000-0000-4000-8000-000000000000"), { ...bearer(tokens.staff), "accept-language": "de" });
      expect(missing.status).toBe(404);
      expect(errorResponseSchema.parse(await missing.json()).message).toBe("Diese Veranstaltung wurde nicht gefunden.");
      expect((await api.get(url(format, "", "not-a-uuid"), bearer(tokens.staff))).status).toBe(422);
    }
    expect((await staffGet("txt")).status).toBe(404);
    expect((await staffGet("json")).status).toBe(404);
    expect((await staffGet("csv", "?dialect=excel-fr")).status).toBe(422);
  });
});

describe("an export fit for the gate", () => {
  it("lists only the people of bookings that are going by default; the others on request (CSV)", async () => {
    const names = async (query: string) => parseCsv(await (await staffGet("csv", query)).text(), ",").slice(1).map((row) => row[0]);
    const active = await names("");
    expect(active).toHaveLength(expected.length);
    expect(active.some((name) => name?.startsWith("Gone"))).toBe(false);
    expect(await names("?status=active")).toEqual(active);
    const inactive = await names("?status=inactive");
    expect(inactive).toEqual(["Gone Cancelled", "Gone Cancelled", "Gone Rejected", "Gone Rejected"]);
    expect((await names("?status=all&dialect=rfc4180")).sort()).toEqual([...active, ...inactive].sort());
    expect((await staffGet("csv", "?status=everyone")).status).toBe(422);
  });

  it("lists only the people of bookings that are going by default (XLSX and PDF)", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await staffGet("xlsx")).arrayBuffer()) as unknown as ExcelJS.Buffer);
    const names = (workbook.worksheets[0]?.getColumn(1).values ?? []).map(String);
    expect(names.some((name) => name.startsWith("Gone"))).toBe(false);
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(Buffer.from(await (await staffGet("xlsx", "?status=all")).arrayBuffer()) as unknown as ExcelJS.Buffer);
    expect(all.worksheets[0]?.actualRowCount).toBe(expected.length + 4 + 1);
    expect((await staffGet("xlsx", "?status=gone")).status).toBe(422);

    const pdf = await pdfText(Buffer.from(await (await staffGet("pdf")).arrayBuffer()));
    expect(pdf).not.toContain("Gone");
    expect(pdf).not.toContain("Cancelled");
    const inactive = await pdfText(Buffer.from(await (await staffGet("pdf", "?status=inactive")).arrayBuffer()));
    expect(inactive).toContain("Gone Cancelled");
    expect(inactive).toContain("Rejected");
    // The list says whom it holds.
    expect(inactive).toContain("Cancelled, rejected and expired bookings");
  });

  it("gives a companion's row the companion's own answers, without columns that repeat the fixed ones or concern the invoice", async () => {
    const [headers = [], ...rows] = parseCsv(await (await staffGet("csv")).text(), ",");
    // The form's own name, e-mail and phone items would repeat the Name, E-mail and Phone columns; the terms are no person's answer.
    for (const repeated of ["First name", "Last name", "Email", "Phone", "I accept the terms and conditions.", "Payment method", "Send the invoice to a different billing address", "VAT ID", "Fax"])
      expect(headers.filter((header) => header === repeated).length, repeated).toBeLessThanOrEqual(repeated === "Phone" ? 1 : 0);
    const birth = headers.indexOf("Date of birth");
    const licence = headers.indexOf("Driving licence number");
    expect(birth).toBeGreaterThan(7);
    expect(licence).toBeGreaterThan(7);
    const main = rows.find((row) => row[0] === expected[0]?.name);
    const companion = rows.find((row) => row[0] === expected[1]?.name);
    const other = rows.find((row) => row[0] === `'${expected[2]?.name}`);
    expect([main?.[birth], main?.[licence]]).toEqual(["1 February 1980", "B072RRE2I55"]);
    expect([companion?.[birth], companion?.[licence]]).toEqual(["4 March 1990", ""]);
    expect([other?.[birth], other?.[licence]]).toEqual(["", ""]);
    // Amounts once per booking: empty on a companion's row, so the column sums to the event.
    expect([main?.[4], main?.[5]]).toEqual(["500", "1702"]);
    expect([companion?.[4], companion?.[5]]).toEqual(["", ""]);
  });

  it("types the workbook's cells: amounts as numbers, dates as dates, every text as text (a phone keeps its +)", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await staffGet("xlsx")).arrayBuffer()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("no sheet");
    const headers = Array.from(sheet.getRow(1).values as unknown[], (value) => String(value ?? ""));
    const column = (header: string) => headers.indexOf(header);
    let main: ExcelJS.Row | undefined;
    let companion: ExcelJS.Row | undefined;
    let formula: ExcelJS.Row | undefined;
    sheet.eachRow((row) => {
      const name = row.getCell(1).value;
      if (name === expected[0]?.name) main = row;
      if (name === expected[1]?.name) companion = row;
      if (name === expected[2]?.name) formula = row;
    });
    if (!main || !companion || !formula) throw new Error("a person is missing");
    expect(main.getCell(column("Phone")).type).toBe(ExcelJS.ValueType.String);
    expect(main.getCell(column("Phone")).value).toBe("+49 170 1234567");
    // A name that looks like a formula is a string cell as typed: Excel shows it, never runs it.
    expect(formula.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(formula.getCell(1).value).toBe(`${injection} Formula`);
    const outstanding = main.getCell(column("Outstanding"));
    expect(outstanding.type).toBe(ExcelJS.ValueType.Number);
    expect(outstanding.value).toBe(1702);
    expect(outstanding.numFmt).toMatch(/0\.00/u);
    expect(companion.getCell(column("Outstanding")).type).toBe(ExcelJS.ValueType.Null);
    const birth = companion.getCell(column("Date of birth"));
    expect(birth.type).toBe(ExcelJS.ValueType.Date);
    expect(birth.value).toEqual(new Date("1990-03-04T00:00:00Z"));
    // Every column is as wide as its content (within bounds; exceljs reads Excel's default width 9 back as none).
    for (let index = 1; index <= headers.length - 1; index += 1) expect(sheet.getColumn(index).width ?? 9, headers[index]).toBeGreaterThanOrEqual(8);
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual('Zoë Ångström, "Speedy"'.length);
    const day1 = headers.findIndex((header) => header.startsWith("Day 1 ("));
    expect(sheet.getColumn(day1).width).toBeGreaterThanOrEqual(Math.min(50, expected[0]?.day1.length ?? 0));
  });

  it("prints landscape pages whose columns wrap: a long name and an amount print whole", async () => {
    const { db } = database;
    const party = await createHeldCardBooking(db, eventId);
    await db.update(participants).set(longName).where(eq(participants.bookingId, party.bookingId));
    await db.update(bookings).set({ totalCents: 170_200, paidCents: 0 }).where(eq(bookings.id, party.bookingId));
    try {
      const bytes = Buffer.from(await (await staffGet("pdf")).arrayBuffer());
      const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
      const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: true }).promise;
      const viewport = (await document.getPage(1)).getViewport({ scale: 1 });
      await document.destroy();
      expect(viewport.width).toBeGreaterThan(viewport.height);
      const text = await pdfText(bytes);
      expect(text).not.toContain("\u2026");
      expect(text.replace(/\s/g, "")).toContain(`${longName.forename}${longName.surname}`.replace(/\s/g, ""));
      expect(text).toContain("€1,702.00");
      expect(text).toContain("€500.00");
      const german = await pdfText(Buffer.from(await (await staffGet("pdf", "", { "accept-language": "de" })).arrayBuffer()));
      expect(german).toContain("1.702,00 €");
    } finally {
      await db.delete(bookings).where(eq(bookings.id, party.bookingId));
    }
  });
});

describe("an export without a row ceiling", () => {
  it("pages through bookings submitted in the same millisecond, each once (keyset on PostgreSQL's own time)", async () => {
    const { db } = database;
    const ids = (
      await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.eventId, eventId), sql`${bookings.status} <> 'draft'`))
    ).map((row) => row.id);
    for (const [index, id] of ids.entries()) {
      await db.execute(sql`UPDATE bookings SET submitted_at = ${`2026-01-01 10:00:00.00000${index + 1}+00`}::timestamptz WHERE id = ${id}`);
    }
    const codes: string[] = [];
    for await (const batch of exportBookingBatches(db, eventId, { filter: "all", batchSize: 1 })) codes.push(...batch.map((booking) => booking.code));
    expect(codes).toHaveLength(ids.length);
    expect(new Set(codes).size).toBe(ids.length);
  });

  it("lists 450 bookings, more than a batch, in every format", async () => {
    const { db } = database;
    const bigEvent = seedIds.events.golfCircleTournament;
    const [form] = await db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, bigEvent));
    if (!form) throw new Error("no form");
    const rows = Array.from({ length: 450 }, (_, index) => ({
      formId: form.id,
      eventId: bigEvent,
      tokenHash: `bulk-${index}`,
      status: "confirmed" as const,
      locale: "en" as const,
      code: `BULK-${String(index).padStart(4, "0")}`,
      submittedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, index)),
    }));
    const inserted = await db.insert(bookings).values(rows).returning({ id: bookings.id, code: bookings.code });
    await db.insert(participants).values(inserted.map((row) => ({ bookingId: row.id, role: "main" as const, forename: "Bulk", surname: row.code ?? "" })));
    const existing = await db
      .select({ id: participants.id })
      .from(participants)
      .innerJoin(bookings, eq(bookings.id, participants.bookingId))
      .where(and(eq(bookings.eventId, bigEvent), sql`${bookings.status} <> 'draft'`));
    const csv = await (await api.get(`/api/staff/events/${bigEvent}/participants.csv`, bearer(tokens.staff))).text();
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(existing.length + 1);
    for (const row of inserted) expect(csv).toContain(`Bulk ${row.code}`);
    const workbook = new ExcelJS.Workbook();
    const xlsx = await api.get(`/api/staff/events/${bigEvent}/participants.xlsx`, bearer(tokens.staff));
    await workbook.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets[0]?.actualRowCount).toBe(existing.length + 1);
    const pdf = await pdfText(Buffer.from(await (await api.get(`/api/staff/events/${bigEvent}/participants.pdf`, bearer(tokens.staff))).arrayBuffer()));
    const pages = Number(/Page 1 of (\d+)/u.exec(pdf)?.[1]);
    expect(pages).toBeGreaterThan(10);
    expect(pdf).toContain(`Page ${pages} of ${pages}`);
    expect(pdf).not.toContain(`Page ${pages + 1}`);
    expect(pdf).toContain("Bulk BULK-0449");
  });
});

/** Who may export: one row per caller, so a new role is one more line. */
const authorizationMatrix: { caller: string; headers: () => Record<string, string>; status: number }[] = [
  { caller: "anonymous", headers: () => ({}), status: 401 },
  { caller: "a wrong token", headers: () => bearer("not-a-token"), status: 401 },
  { caller: "customer", headers: () => bearer(tokens.customer), status: 403 },
  { caller: "staff without the second factor", headers: () => bearer(tokens.passwordOnlyStaff), status: 403 },
  { caller: "staff", headers: () => bearer(tokens.staff), status: 200 },
  { caller: "admin", headers: () => bearer(tokens.admin), status: 200 },
];

describe("who may export", () => {
  for (const format of ["csv", "xlsx", "pdf"]) {
    for (const { caller, headers, status } of authorizationMatrix) {
      it(`answers ${caller} ${status} for ${format}`, async () => {
        const response = await api.get(url(format), headers());
        expect(response.status).toBe(status);
        if (status === 200) await response.arrayBuffer();
        else expect(errorResponseSchema.parse(await response.json()).code).toBe(status === 401 ? "UNAUTHORIZED" : "FORBIDDEN");
        expect(response.headers.get("cache-control") ?? "no-store").toBe("no-store");
      });
    }
  }
});
