import { describe, expect, it } from "vitest";
import {
  datevAccounts,
  datevBatch,
  datevColumns,
  datevHeaderLine,
  documentPostings,
  fiscalYearStartOf,
  moneyPosting,
  withinOneFiscalYear,
  type DatevSettings,
} from "../../core/domain/datev-extf";
import { documentTotalsOf, documentVatOf } from "../../core/domain/invoice-list";
import { encodeWindows1252 } from "../../core/domain/windows-1252";

/** The DATEV booking batch of the accountant's list (decision 069), on a fixed example. */

const settings: DatevSettings = { consultantNumber: 29098, clientNumber: 55003, chart: "SKR03", fiscalYearStart: "01-01" };
const now = new Date("2026-11-28T13:04:05.123Z");
const invoice = {
  number: "INV-2026-000007",
  kind: "invoice" as const,
  issuedOn: "2026-11-03",
  totalCents: 2_270_50,
  vat: documentVatOf(
    {
      vatTreatment: "per_line",
      lines: [
        { totalCents: 2_000_00, vatRateBasisPoints: 1900 },
        { totalCents: 270_50, vatRateBasisPoints: 700 },
      ],
    },
    "invoice",
  ),
  bookingCode: "TD-7K4M2Q",
  customer: "Jürgen Weiß",
  cancels: null,
};
const cancellation = { ...invoice, number: "INV-2026-000009", kind: "cancellation" as const, issuedOn: "2026-11-20", cancels: "INV-2026-000007" };

describe("the DATEV booking batch", () => {
  it("writes the EXTF header: version 700, category 21, format 13, adviser, client, fiscal year and period", () => {
    const header = datevHeaderLine(settings, { from: "2026-11-01", to: "2026-11-30" }, now).replace(/\r\n$/u, "").split(";");
    expect(header).toHaveLength(31);
    expect(header.slice(0, 6)).toEqual(['"EXTF"', "700", "21", '"Buchungsstapel"', "13", "20261128140405123"]);
    expect(header.slice(10, 16)).toEqual(["29098", "55003", "20260101", "4", "20261101", "20261130"]);
    expect(header[21]).toBe('"EUR"');
    expect(header[26]).toBe('"03"');
  });

  it("books an invoice per VAT rate on the automatic revenue accounts and its cancellation the other way", () => {
    const accounts = datevAccounts.SKR03;
    expect(documentPostings(invoice, accounts)).toEqual([
      {
        amountCents: 2_000_00,
        side: "S",
        account: 10000,
        contraAccount: 8400,
        date: "2026-11-03",
        document: "INV-2026-000007",
        text: "Rechnung TD-7K4M2Q Jürgen Weiß",
      },
      {
        amountCents: 270_50,
        side: "S",
        account: 10000,
        contraAccount: 8300,
        date: "2026-11-03",
        document: "INV-2026-000007",
        text: "Rechnung TD-7K4M2Q Jürgen Weiß",
      },
    ]);
    expect(
      documentPostings(
        { ...cancellation, vat: documentVatOf({ vatTreatment: "per_line", lines: [{ totalCents: 2_270_50, vatRateBasisPoints: 1900 }] }, "cancellation") },
        accounts,
      ),
    ).toEqual([
      {
        amountCents: 2_270_50,
        side: "H",
        account: 10000,
        contraAccount: 8400,
        date: "2026-11-20",
        document: "INV-2026-000009",
        text: "Storno INV-2026-000007 TD-7K4M2Q Jürgen Weiß",
      },
    ]);
    const margin = { ...invoice, vat: documentVatOf({ vatTreatment: "margin_scheme", lines: [] }, "invoice") };
    expect(documentPostings(margin, datevAccounts.SKR04)).toEqual([expect.objectContaining({ amountCents: 2_270_50, account: 10000, contraAccount: 4200 })]);
  });

  it("takes each rate's side from its sign: a rate that went negative is credited, not debited (money review, finding 5)", () => {
    const lines = [
      { totalCents: 100_00, vatRateBasisPoints: 1900 },
      { totalCents: 50_00, vatRateBasisPoints: 700 },
      { totalCents: -120_00, vatRateBasisPoints: 1900 },
    ];
    const reduced = { ...invoice, totalCents: 30_00, vat: documentVatOf({ vatTreatment: "per_line", lines }, "invoice") };
    const postings = documentPostings(reduced, datevAccounts.SKR03);
    expect(postings.map((posting) => [posting.contraAccount, posting.side, posting.amountCents])).toEqual([
      [8400, "H", 20_00],
      [8300, "S", 50_00],
    ]);
    const net = postings.reduce((sum, posting) => sum + (posting.side === "S" ? posting.amountCents : -posting.amountCents), 0);
    expect(net).toBe(30_00);
    const cancelled = documentPostings({ ...reduced, kind: "cancellation", vat: documentVatOf({ vatTreatment: "per_line", lines }, "cancellation") }, datevAccounts.SKR03);
    expect(cancelled.map((posting) => [posting.contraAccount, posting.side, posting.amountCents])).toEqual([
      [8400, "S", 20_00],
      [8300, "H", 50_00],
    ]);
  });

  it("books money received on the bank, cash or clearing account and refunds back", () => {
    const accounts = datevAccounts.SKR03;
    const money = { amountCents: 500_00, date: "2026-11-05", bookingCode: "TD-7K4M2Q", customer: "Jürgen Weiß" };
    expect(moneyPosting({ ...money, kind: "payment", method: "bank_transfer" }, accounts)).toMatchObject({ side: "S", account: 1200, contraAccount: 10000 });
    expect(moneyPosting({ ...money, kind: "payment", method: "cash" }, accounts)).toMatchObject({ side: "S", account: 1000 });
    expect(moneyPosting({ ...money, kind: "refund", method: "card" }, accounts)).toMatchObject({
      side: "H",
      account: 1360,
      contraAccount: 10000,
      text: "Erstattung TD-7K4M2Q Jürgen Weiß",
    });
  });

  it("writes the whole batch: header, 125 headings, one line per posting, CRLF, amounts with a decimal comma", () => {
    const batch = datevBatch({
      settings,
      period: { from: "2026-11-01", to: "2026-11-30" },
      now,
      documents: [invoice],
      money: [{ kind: "payment", method: "card", amountCents: 567_62, date: "2026-11-04", bookingCode: "TD-7K4M2Q", customer: 'Anna "Speedy" Roß' }],
    });
    expect(batch.endsWith("\r\n")).toBe(true);
    const lines = batch.split("\r\n").slice(0, -1);
    expect(lines).toHaveLength(5);
    expect(datevColumns).toHaveLength(125);
    expect(lines[1]?.split(";")).toEqual(datevColumns);
    for (const line of lines.slice(2)) expect(line.split(";")).toHaveLength(125);
    expect(lines[2]?.split(";").slice(0, 14)).toEqual([
      "2000,00",
      '"S"',
      '"EUR"',
      "",
      "",
      "",
      "10000",
      "8400",
      "",
      "0311",
      '"INV-2026-000007"',
      '""',
      "",
      '"Rechnung TD-7K4M2Q Jürgen Weiß"',
    ]);
    expect(lines[4]?.split(";").slice(0, 14)).toEqual([
      "567,62",
      '"S"',
      '"EUR"',
      "",
      "",
      "",
      "1360",
      "10000",
      "",
      "0411",
      '"TD-7K4M2Q"',
      '""',
      "",
      '"Zahlung TD-7K4M2Q Anna ""Speedy"" Roß"',
    ]);
  });

  it("keeps a batch within one fiscal year", () => {
    expect(fiscalYearStartOf("2026-03-01", "07-01")).toBe("2025-07-01");
    expect(withinOneFiscalYear("2026-01-01", "2026-12-31", "01-01")).toBe(true);
    expect(withinOneFiscalYear("2025-12-01", "2026-01-31", "01-01")).toBe(false);
    expect(withinOneFiscalYear("2025-12-01", "2026-06-30", "07-01")).toBe(true);
  });
});

describe("the list's VAT and totals", () => {
  it("signs a cancellation's VAT and nets it against the invoices", () => {
    const vat = documentVatOf({ vatTreatment: "per_line", lines: [{ totalCents: 119_00, vatRateBasisPoints: 1900 }] }, "cancellation");
    expect(vat).toEqual({ treatment: "per_line", rates: [{ rateBasisPoints: 1900, grossCents: -119_00, vatCents: -19_00 }] });
    expect(documentVatOf({ lines: [{ totalCents: 1 }] }, "invoice")).toEqual({ treatment: "unknown" });
    const totals = documentTotalsOf([
      {
        kind: "invoice",
        totalCents: 119_00,
        vat: documentVatOf({ vatTreatment: "per_line", lines: [{ totalCents: 119_00, vatRateBasisPoints: 1900 }] }, "invoice"),
      },
      {
        kind: "invoice",
        totalCents: 238_00,
        vat: documentVatOf({ vatTreatment: "per_line", lines: [{ totalCents: 238_00, vatRateBasisPoints: 1900 }] }, "invoice"),
      },
      { kind: "cancellation", totalCents: 119_00, vat },
      { kind: "invoice", totalCents: 500_00, vat: { treatment: "margin_scheme" } },
    ]);
    expect(totals).toEqual({
      invoicedCents: 857_00,
      cancelledCents: 119_00,
      netCents: 738_00,
      vat: [{ rateBasisPoints: 1900, grossCents: 238_00, vatCents: 38_00 }],
      marginSchemeCents: 500_00,
    });
  });
});

describe("Windows-1252", () => {
  it("writes ä, ß, € and curly quotes as single bytes and strips what it cannot write", () => {
    expect([...encodeWindows1252("äß€“")]).toEqual([0xe4, 0xdf, 0x80, 0x93]);
    expect(new TextDecoder("windows-1252").decode(encodeWindows1252("Jürgen Weiß, Łódź, Kraków, 東"))).toBe("Jürgen Weiß, ?ódz, Kraków, ?");
  });
});
