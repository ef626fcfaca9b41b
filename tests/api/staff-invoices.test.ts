import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffInvoicesResponseSchema, type StaffInvoicesPage } from "../../core/contracts/staff-invoices";
import { datevAccounts, type DatevAccounts, type DatevSettings } from "../../core/domain/datev-extf";
import { operatorToday } from "../../core/domain/dates";
import { hashToken, newSecretToken } from "../../server/auth/secrets";
import { submitBooking } from "../../server/bookings/submit-booking";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, events, invoices, participants, sites, staffAuditLog } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { issueInvoice } from "../../server/invoices/issue-invoice";
import { createTestApi } from "../support/api-client";
import { createDraftBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * The accountant's invoice list (issue 28, decision 069): `GET api/staff/invoices` with its filters and
 * totals (invoiced less cancelled), its CSV and its DATEV booking batch, refused to customers and
 * anonymous callers. A bank-transfer booking of "Jürgen Weiß" is invoiced, paid, cancelled with its
 * money given back (a cancellation invoice and a recorded refund); another booking's invoice stands.
 */

const datev: DatevSettings = { consultantNumber: 29098, clientNumber: 55003, chart: "SKR03", fiscalYearStart: "01-01" };
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let staffToken: string;
let customerToken: string;
const today = operatorToday(new Date());
const period = `from=${today}&to=${today}`;

const get = (path: string, token: string | null = staffToken, language = "en") =>
  api.app.request(path, { headers: { "accept-language": language, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
const post = (path: string, body: unknown) =>
  api.app.request(path, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${staffToken}` }, body: JSON.stringify(body) });

async function list(query: string): Promise<StaffInvoicesPage> {
  const response = await get(`/api/staff/invoices?${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return staffInvoicesResponseSchema.parse(await response.json());
}

/** A bank-transfer booking whose main participant is named as given, submitted and invoiced as the booking form does it. */
async function invoiceBooking(person: { forename: string; surname: string; company?: string }) {
  const bookingId = await createDraftBooking(database.db, seedIds.events.golfYogaTrip, ["non_playing"]);
  await database.db
    .update(bookings)
    .set({ tokenHash: hashToken(newSecretToken()), paymentOption: "invoice" })
    .where(eq(bookings.id, bookingId));
  await database.db
    .update(participants)
    .set({ forename: person.forename, surname: person.surname, company: person.company ?? null })
    .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "main")));
  const held = await submitBooking(database.db, { bookingId, now: new Date() });
  if (held.outcome !== "held") throw new Error(held.outcome);
  const [row] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error("no booking");
  await issueInvoice(database.db, row, new Date());
  const [invoiced] = await database.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return { bookingId, code: invoiced?.code ?? "", total: invoiced?.totalCents ?? 0 };
}

let before: StaffInvoicesPage;
let cancelledBooking: Awaited<ReturnType<typeof invoiceBooking>>;
let standingBooking: Awaited<ReturnType<typeof invoiceBooking>>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createTestApi(database, { datev });
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, seedIds.events.golfYogaTrip));
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  customerToken = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  before = await list(period);

  cancelledBooking = await invoiceBooking({ forename: "Jürgen", surname: "Weiß" });
  const paid = await post(`/api/staff/bookings/${cancelledBooking.bookingId}/payments`, {
    amount_cents: cancelledBooking.total,
    received_on: today,
    reference: "Statement 7",
  });
  expect(paid.status, await paid.text()).toBe(200);
  const cancelled = await post(`/api/staff/bookings/${cancelledBooking.bookingId}/cancel`, { refund: "full", notify: false });
  expect(cancelled.status, await cancelled.text()).toBe(200);
  // The second booking's invoice states its VAT per rate (the site's treatment when it is issued).
  await database.db.update(sites).set({ vatTreatment: "per_line" });
  standingBooking = await invoiceBooking({ forename: "Ada", surname: "Lovelace", company: '=HYPERLINK("http://evil.example")' });
});
afterAll(async () => {
  await database.close();
});

describe("GET api/staff/invoices", () => {
  it("lists the period's invoices and cancellation invoices with what cancels what, and totals invoiced less cancelled", async () => {
    const page = await list(period);
    const mine = page.data.filter((row) => [cancelledBooking.code, standingBooking.code].includes(row.booking.code));
    expect(mine.map((row) => [row.kind, row.booking.code, row.gross_cents])).toEqual([
      ["invoice", cancelledBooking.code, cancelledBooking.total],
      ["cancellation", cancelledBooking.code, -cancelledBooking.total],
      ["invoice", standingBooking.code, standingBooking.total],
    ]);
    const [original, cancellation, standing] = mine;
    expect(original).toMatchObject({
      cancelled_by: cancellation?.number,
      cancels: null,
      customer: { name: "Jürgen Weiß", company: null },
      vat: { treatment: "margin_scheme" },
    });
    expect(cancellation).toMatchObject({ cancels: original?.number, cancelled_by: null, issued_on: today });
    expect(standing?.vat.treatment).toBe("per_line");
    if (standing?.vat.treatment === "per_line") expect(standing.vat.rates.reduce((sum, part) => sum + part.gross_cents, 0)).toBe(standingBooking.total);
    expect(page.meta).toMatchObject({ from: today, to: today, total: before.meta.total + 3 });
    expect(page.meta.totals.invoiced_cents - before.meta.totals.invoiced_cents).toBe(cancelledBooking.total + standingBooking.total);
    expect(page.meta.totals.cancelled_cents - before.meta.totals.cancelled_cents).toBe(cancelledBooking.total);
    expect(page.meta.totals.net_cents).toBe(page.meta.totals.invoiced_cents - page.meta.totals.cancelled_cents);
    expect(page.meta.totals.net_cents).toBe(page.data.reduce((sum, row) => sum + row.gross_cents, 0));
  });

  it("filters by status and event, and defaults to the current month", async () => {
    const numbers = async (query: string) =>
      (await list(query)).data.filter((row) => row.booking.code === cancelledBooking.code || row.booking.code === standingBooking.code).map((row) => row.kind);
    expect(await numbers(`${period}&status=standing`)).toEqual(["invoice"]);
    expect((await list(`${period}&status=standing`)).data.every((row) => row.kind === "invoice" && row.cancelled_by === null)).toBe(true);
    expect(await numbers(`${period}&status=cancelled`)).toEqual(["invoice"]);
    expect((await list(`${period}&status=cancelled`)).data.find((row) => row.booking.code === cancelledBooking.code)?.cancelled_by).not.toBeNull();
    expect(await numbers(`${period}&status=cancellations`)).toEqual(["cancellation"]);
    const cancellations = await list(`${period}&status=cancellations`);
    expect(cancellations.meta.totals.invoiced_cents).toBe(0);
    expect(cancellations.meta.totals.net_cents).toBe(-cancellations.meta.totals.cancelled_cents);
    expect((await list(`${period}&event=${seedIds.events.golfYogaTrip}`)).meta.total).toBeGreaterThanOrEqual(3);
    expect((await list(`${period}&event=${seedIds.events.trackDayTwoDays}`)).data.filter((row) => row.booking.code === cancelledBooking.code)).toEqual([]);
    const current = await list("");
    expect(current.meta.from).toBe(`${today.slice(0, 7)}-01`);
    expect(current.data.map((row) => row.number)).toEqual(expect.arrayContaining((await list(period)).data.map((row) => row.number)));
    expect((await list("from=2001-01-01&to=2001-01-31")).meta).toMatchObject({ total: 0, totals: { invoiced_cents: 0, cancelled_cents: 0, net_cents: 0 } });
  });

  it("refuses a bad period with a localized message", async () => {
    const reversed = await get("/api/staff/invoices?from=2026-02-01&to=2026-01-01", staffToken, "de");
    expect(reversed.status).toBe(422);
    expect(await reversed.json()).toMatchObject({ errors: { to: ["Das Startdatum darf nicht nach dem Enddatum liegen."] } });
    const long = await get("/api/staff/invoices?from=2025-01-01&to=2026-06-30");
    expect(long.status).toBe(422);
    expect(await long.json()).toMatchObject({ errors: { to: ["The period must not be longer than a year."] } });
    expect((await get("/api/staff/invoices?status=open")).status).toBe(422);
  });

  it("refuses customers and anonymous callers, the list and both files, changing nothing", async () => {
    const counts = async () => ({
      invoices: (await database.db.select({ n: count() }).from(invoices))[0]?.n,
      audit: (await database.db.select({ n: count() }).from(staffAuditLog))[0]?.n,
    });
    const start = await counts();
    for (const path of ["/api/staff/invoices", "/api/staff/invoices/export.csv", "/api/staff/invoices/export-datev.csv"]) {
      expect((await get(`${path}?${period}`, null)).status).toBe(401);
      expect((await get(`${path}?${period}`, customerToken)).status).toBe(403);
    }
    expect(await counts()).toEqual(start);
  });
});

describe("the list's files", () => {
  it("writes the CSV: the list's columns, one line per document, a cancellation negative, formulas made inert", async () => {
    const response = await get(`/api/staff/invoices/export.csv?${period}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`invoices_${today}_${today}.csv`);
    const lines = (await response.text()).split("\r\n").slice(0, -1);
    expect(lines[0]).toMatch(/^Number,Document,Issued on,Booking,Customer,Company,Event,Gross \(EUR\),.*VAT treatment,Cancels,Cancelled by$/u);
    expect(lines).toHaveLength(1 + (await list(period)).meta.total);
    const byCode = (code: string) => lines.filter((line) => line.includes(`,${code},`));
    const [original, cancellation] = byCode(cancelledBooking.code);
    expect(original).toContain(`,Jürgen Weiß,,`);
    expect(original).toContain(`,${(cancelledBooking.total / 100).toString()},`);
    expect(cancellation).toMatch(/^INV-\d{4}-\d{6},Cancellation invoice,/u);
    expect(cancellation).toContain(`,-${(cancelledBooking.total / 100).toString()},`);
    // A company that starts like a formula gets an apostrophe (the participant exports' CSV writer).
    expect(byCode(standingBooking.code)[0]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    const german = await get(`/api/staff/invoices/export.csv?${period}&dialect=excel-de`, staffToken, "de");
    const bytes = new Uint8Array(await german.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("Nummer;Beleg;Ausgestellt am;")).toBe(true);
    // A negative amount stays a number in German Excel's dialect too (no apostrophe before the minus).
    expect(text).toContain(`;-${(cancelledBooking.total / 100).toString().replace(".", ",")};`);
  });

  it("writes the DATEV booking batch: EXTF header, one posting per document, the cancellation reversed, the money in Windows-1252", async () => {
    const response = await get(`/api/staff/invoices/export-datev.csv?${period}`);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=windows-1252");
    expect(response.headers.get("content-disposition")).toContain(`EXTF_Buchungsstapel_${today}_${today}.csv`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // ü and ß as single Windows-1252 bytes, never as UTF-8's two.
    expect(bytes.includes(0xfc) && bytes.includes(0xdf)).toBe(true);
    expect(Buffer.from(bytes).includes(Buffer.from("ü", "utf8"))).toBe(false);
    const lines = new TextDecoder("windows-1252").decode(bytes).split("\r\n").slice(0, -1);
    const header = lines[0]?.split(";") ?? [];
    const compact = today.replaceAll("-", "");
    expect(header.slice(0, 5)).toEqual(['"EXTF"', "700", "21", '"Buchungsstapel"', "13"]);
    expect(header.slice(10, 16)).toEqual(["29098", "55003", `${today.slice(0, 4)}0101`, "4", compact, compact]);
    expect(lines[1]?.startsWith("Umsatz (ohne Soll/Haben-Kz);Soll/Haben-Kennzeichen;WKZ Umsatz;")).toBe(true);
    const postings = lines.slice(2).map((line) => line.split(";"));
    const page = await list(period);
    const accounts: DatevAccounts = datevAccounts.SKR03;
    const amount = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
    const date = `${today.slice(8, 10)}${today.slice(5, 7)}`;
    for (const row of page.data) {
      const own = postings.filter((fields) => fields[10] === `"${row.number}"`);
      // One posting per document and VAT rate: every document here has one rate (or the margin scheme).
      expect(own).toHaveLength(1);
      expect(own[0]?.slice(0, 11)).toEqual([
        amount(Math.abs(row.gross_cents)),
        row.kind === "invoice" ? '"S"' : '"H"',
        '"EUR"',
        "",
        "",
        "",
        String(accounts.debtor),
        String(
          row.vat.treatment === "per_line"
            ? (accounts.revenueByRate[row.vat.rates[0]?.rate_basis_points ?? 0] ?? accounts.revenueOther)
            : accounts.revenueOther,
        ),
        "",
        date,
        `"${row.number}"`,
      ]);
    }
    const cancellation = page.data.find((row) => row.booking.code === cancelledBooking.code && row.kind === "cancellation");
    expect(postings.find((fields) => fields[10] === `"${cancellation?.number}"`)?.[13]).toBe(
      `"Storno ${cancellation?.cancels} ${cancelledBooking.code} Jürgen Weiß"`,
    );
    // The transfer received and the refund paid out, on the bank account against the debtor.
    const money = postings.filter((fields) => fields[10] === `"${cancelledBooking.code}"`);
    expect(money.map((fields) => [fields[0], fields[1], fields[6], fields[7], fields[13]])).toEqual([
      [amount(cancelledBooking.total), '"S"', String(accounts.bank), String(accounts.debtor), `"Zahlung ${cancelledBooking.code} Jürgen Weiß"`],
      [amount(cancelledBooking.total), '"H"', String(accounts.bank), String(accounts.debtor), `"Erstattung ${cancelledBooking.code} Jürgen Weiß"`],
    ]);
    for (const fields of postings) expect(fields).toHaveLength(125);
  });

  it("refuses the batch without the DATEV numbers or across two fiscal years", async () => {
    // The same signing secret: the staff session of the other instance is valid here too.
    const withoutDatev = createTestApi(database);
    const refused = await withoutDatev.app.request(`/api/staff/invoices/export-datev.csv?${period}`, {
      headers: { authorization: `Bearer ${staffToken}`, "accept-language": "de" },
    });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain("DATEV_CONSULTANT_NUMBER");
    const across = await get("/api/staff/invoices/export-datev.csv?from=2025-12-01&to=2026-01-31");
    expect(across.status).toBe(422);
    expect(await across.json()).toMatchObject({ errors: { to: [expect.stringContaining("one fiscal year")] } });
  });
});
