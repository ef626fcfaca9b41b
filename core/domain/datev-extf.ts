import { dateTimeFormat, operatorTimeZone, type IsoDate } from "./dates";
import type { DocumentVat } from "./invoice-list";
import type { InvoiceKind } from "./invoice-corrections";
import type { PaymentMethod } from "./booking-account";

/**
 * A DATEV booking batch ("Buchungsstapel", EXTF header version 700, data category 21, format version
 * 13) of the accountant's invoice list (issue 28, decision 069), pure. Layout from DATEV's developer
 * portal (developer.datev.de, "DATEV-Format": header and Buchungsstapel): line 1 the header, line 2 the
 * column headings, then one line per posting; fields separated by semicolons, text in double quotes
 * (quotes doubled, no line breaks), amounts positive with a decimal comma and "S"/"H" for the side of
 * `Konto`, Belegdatum as DDMM (the year comes from the header's period), lines ending in CRLF.
 * The file is written in Windows-1252 (windows-1252.ts).
 *
 * Postings: an invoice debits the debtor and credits revenue (one posting per VAT rate: the revenue
 * account follows the rate, DATEV's automatic accounts compute the VAT); a cancellation invoice posts
 * the same the other way round; money received debits the bank, cash or card clearing account and
 * credits the debtor; a refund the other way round.
 */

export const datevCharts = ["SKR03", "SKR04"] as const;
export type DatevChart = (typeof datevCharts)[number];

export type DatevSettings = {
  /** Beraternummer, 1001–9999999. */
  consultantNumber: number;
  /** Mandantennummer, 1–99999. */
  clientNumber: number;
  chart: DatevChart;
  /** The fiscal year's first day as `MM-DD` (default `01-01`). */
  fiscalYearStart: string;
};

export type DatevAccounts = {
  /** The collective debtor (a personal account: one digit longer than the 4-digit G/L accounts). */
  debtor: number;
  /** Revenue by VAT rate in basis points: DATEV automatic accounts, which compute the VAT. */
  revenueByRate: Readonly<Record<number, number>>;
  /** Revenue without an automatic VAT: other rates, the § 25 UStG margin scheme, documents without rates. */
  revenueOther: number;
  bank: number;
  cash: number;
  /** Card payments and other means: money in transit until the provider pays out ("Geldtransit"). */
  clearing: number;
};

/** The standard charts' accounts (DATEV SKR03 / SKR04, 4-digit G/L accounts). */
export const datevAccounts = {
  SKR03: { debtor: 10000, revenueByRate: { 1900: 8400, 700: 8300 }, revenueOther: 8200, bank: 1200, cash: 1000, clearing: 1360 },
  SKR04: { debtor: 10000, revenueByRate: { 1900: 4400, 700: 4300 }, revenueOther: 4200, bank: 1800, cash: 1600, clearing: 1460 },
} as const satisfies Record<DatevChart, DatevAccounts>;

/** The account money of each payment method arrives on. */
export function moneyAccountOf(method: PaymentMethod, accounts: DatevAccounts): number {
  switch (method) {
    case "bank_transfer":
      return accounts.bank;
    case "cash":
      return accounts.cash;
    case "card":
    case "other":
      return accounts.clearing;
  }
}

export type DatevPosting = {
  /** Positive cents. */
  amountCents: number;
  /** The side of `account`: S (debit) or H (credit). */
  side: "S" | "H";
  account: number;
  contraAccount: number;
  date: IsoDate;
  /** Belegfeld 1: the document's number (payments: the booking code). */
  document: string;
  text: string;
};

export type BatchDocument = {
  number: string;
  kind: InvoiceKind;
  issuedOn: IsoDate;
  /** Gross, positive. */
  totalCents: number;
  vat: DocumentVat;
  bookingCode: string;
  customer: string;
  /** A cancellation invoice: the number of the invoice it cancels. */
  cancels: string | null;
};

export type BatchMoney = {
  kind: "payment" | "refund";
  method: PaymentMethod;
  /** Positive cents. */
  amountCents: number;
  date: IsoDate;
  bookingCode: string;
  customer: string;
};

/** Buchungstext: at most 60 characters. */
const textOf = (...parts: (string | null)[]) =>
  parts
    .filter((part): part is string => Boolean(part))
    .join(" ")
    .slice(0, 60);

/** An invoice's revenue postings (one per VAT rate), or a cancellation invoice's reversal of them. */
export function documentPostings(document: BatchDocument, accounts: DatevAccounts): DatevPosting[] {
  const side = document.kind === "invoice" ? "S" : "H"; // the whole document's (margin scheme, rates unknown)
  const text =
    document.kind === "invoice"
      ? textOf("Rechnung", document.bookingCode, document.customer)
      : textOf("Storno", document.cancels, document.bookingCode, document.customer);
  const base = { side, account: accounts.debtor, date: document.issuedOn, document: document.number, text } as const;
  if (document.vat.treatment !== "per_line") return [{ ...base, amountCents: document.totalCents, contraAccount: accounts.revenueOther }];
  // Each rate's side from its own sign (the rates carry the document's sign): a rate a reduction made
  // negative is booked the other way, so the postings add up to the document's total (money review, finding 5).
  return document.vat.rates.map((part) => ({
    ...base,
    side: part.grossCents >= 0 ? ("S" as const) : ("H" as const),
    amountCents: Math.abs(part.grossCents),
    contraAccount: accounts.revenueByRate[part.rateBasisPoints] ?? accounts.revenueOther,
  }));
}

/** Money received (debit the money account) or given back (credit it), against the debtor. */
export function moneyPosting(money: BatchMoney, accounts: DatevAccounts): DatevPosting {
  return {
    amountCents: money.amountCents,
    side: money.kind === "payment" ? "S" : "H",
    account: moneyAccountOf(money.method, accounts),
    contraAccount: accounts.debtor,
    date: money.date,
    document: money.bookingCode,
    text: textOf(money.kind === "payment" ? "Zahlung" : "Erstattung", money.bookingCode, money.customer),
  };
}

/** The first day of the fiscal year `date` falls in. */
export function fiscalYearStartOf(date: IsoDate, start: string): IsoDate {
  const sameYear = `${date.slice(0, 4)}-${start}`;
  return date >= sameYear ? sameYear : `${Number(date.slice(0, 4)) - 1}-${start}`;
}

/** A batch must lie within one fiscal year (DATEV takes Belegdatum's year from the header's period). */
export function withinOneFiscalYear(from: IsoDate, to: IsoDate, start: string): boolean {
  const next = `${Number(fiscalYearStartOf(from, start).slice(0, 4)) + 1}-${start}`;
  return to < next;
}

// ── Writing ─────────────────────────────────────────────────────────────────────────────────────

/** A text field: quoted, quotes doubled, no control characters (DATEV refuses line breaks in a field). */
const text = (value: string) =>
  `"${[...value]
    .map((character) => ((character.codePointAt(0) ?? 0) < 0x20 || character === "\u007f" ? " " : character))
    .join("")
    .replaceAll('"', '""')}"`;
const compactDate = (date: IsoDate) => date.replaceAll("-", "");
/** `123456` cents → `1234,56`. */
export const datevAmount = (cents: number) => `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, "0")}`;
/** Belegdatum: `2026-11-28` → `2811`. */
export const datevDocumentDate = (date: IsoDate) => `${date.slice(8, 10)}${date.slice(5, 7)}`;

/** The header's "created at": YYYYMMDDHHMMSSmmm in the operator's time. */
export function datevTimestamp(now: Date): string {
  const parts = Object.fromEntries(
    dateTimeFormat("en-CA", {
      timeZone: operatorTimeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}${String(now.getUTCMilliseconds()).padStart(3, "0")}`;
}

/** The 31 fields of the EXTF header (version 700) for a booking batch of the period. */
export function datevHeaderLine(settings: DatevSettings, period: { from: IsoDate; to: IsoDate }, now: Date): string {
  const fields = [
    text("EXTF"),
    "700",
    "21",
    text("Buchungsstapel"),
    "13",
    datevTimestamp(now),
    "",
    text("RE"),
    text(""),
    text(""),
    String(settings.consultantNumber),
    String(settings.clientNumber),
    compactDate(fiscalYearStartOf(period.from, settings.fiscalYearStart)),
    // Sachkontenlänge: 4-digit G/L accounts, 5-digit personal accounts.
    "4",
    compactDate(period.from),
    compactDate(period.to),
    text(`Rechnungen ${compactDate(period.from)}-${compactDate(period.to)}`),
    text(""),
    // Buchungstyp 1: Finanzbuchführung; Rechnungslegungszweck 0; Festschreibung 0: the adviser reviews before fixing.
    "1",
    "0",
    "0",
    text("EUR"),
    "",
    text(""),
    "",
    "",
    text(settings.chart.slice(3)),
    "",
    "",
    text(""),
    text(""),
  ];
  return `${fields.join(";")}\r\n`;
}

const information = (label: string, count: number, separator = " ") =>
  Array.from({ length: count }, (_, index) => [`${label} - Art ${index + 1}`, `${label}${separator}- Inhalt ${index + 1}`]).flat();

/** The 125 column headings of a booking batch (format version 13), as DATEV's sample file names them. */
export const datevColumns: readonly string[] = [
  "Umsatz (ohne Soll/Haben-Kz)",
  "Soll/Haben-Kennzeichen",
  "WKZ Umsatz",
  "Kurs",
  "Basis-Umsatz",
  "WKZ Basis-Umsatz",
  "Konto",
  "Gegenkonto (ohne BU-Schlüssel)",
  "BU-Schlüssel",
  "Belegdatum",
  "Belegfeld 1",
  "Belegfeld 2",
  "Skonto",
  "Buchungstext",
  "Postensperre",
  "Diverse Adressnummer",
  "Geschäftspartnerbank",
  "Sachverhalt",
  "Zinssperre",
  "Beleglink",
  ...information("Beleginfo", 8),
  "KOST1 - Kostenstelle",
  "KOST2 - Kostenstelle",
  "Kost-Menge",
  "EU-Land u. UStID (Bestimmung)",
  "EU-Steuersatz (Bestimmung)",
  "Abw. Versteuerungsart",
  "Sachverhalt L+L",
  "Funktionsergänzung L+L",
  "BU 49 Hauptfunktionstyp",
  "BU 49 Hauptfunktionsnummer",
  "BU 49 Funktionsergänzung",
  ...information("Zusatzinformation", 20, ""),
  "Stück",
  "Gewicht",
  "Zahlweise",
  "Forderungsart",
  "Veranlagungsjahr",
  "Zugeordnete Fälligkeit",
  "Skontotyp",
  "Auftragsnummer",
  "Buchungstyp",
  "USt-Schlüssel (Anzahlungen)",
  "EU-Mitgliedstaat (Anzahlungen)",
  "Sachverhalt L+L (Anzahlungen)",
  "EU-Steuersatz (Anzahlungen)",
  "Erlöskonto (Anzahlungen)",
  "Herkunft-Kz",
  "Buchungs GUID",
  "KOST-Datum",
  "SEPA-Mandatsreferenz",
  "Skontosperre",
  "Gesellschaftername",
  "Beteiligtennummer",
  "Identifikationsnummer",
  "Zeichnernummer",
  "Postensperre bis",
  "Bezeichnung SoBil-Sachverhalt",
  "Kennzeichen SoBil-Buchung",
  "Festschreibung",
  "Leistungsdatum",
  "Datum Zuord. Steuerperiode",
  "Fälligkeit",
  "Generalumkehr (GU)",
  "Steuersatz",
  "Land",
  "Abrechnungsreferenz",
  "BVV-Position",
  "EU-Mitgliedstaat u. UStID (Ursprung)",
  "EU-Steuersatz (Ursprung)",
  "Abw. Skontokonto",
];

export const datevColumnLine = `${datevColumns.join(";")}\r\n`;

/** One posting as a line of the batch: the first 14 columns filled, the rest empty. */
export function datevPostingLine(posting: DatevPosting): string {
  const filled = [
    datevAmount(posting.amountCents),
    text(posting.side),
    text("EUR"),
    "",
    "",
    "",
    String(posting.account),
    String(posting.contraAccount),
    "",
    datevDocumentDate(posting.date),
    // Belegfeld 1 takes letters, digits and $ % - / only, at most 36.
    text(posting.document.replace(/[^A-Za-z0-9$%\-/]/gu, "").slice(0, 36)),
    text(""),
    "",
    text(posting.text),
  ];
  return `${[...filled, ...Array.from({ length: datevColumns.length - filled.length }, () => "")].join(";")}\r\n`;
}

/** The whole batch as text (to be written in Windows-1252): header, headings, postings in order. */
export function datevBatch(input: {
  settings: DatevSettings;
  period: { from: IsoDate; to: IsoDate };
  now: Date;
  documents: readonly BatchDocument[];
  money: readonly BatchMoney[];
}): string {
  const accounts = datevAccounts[input.settings.chart];
  const postings = [
    ...input.documents.flatMap((document) => documentPostings(document, accounts)),
    ...input.money.map((money) => moneyPosting(money, accounts)),
  ];
  return [datevHeaderLine(input.settings, input.period, input.now), datevColumnLine, ...postings.map(datevPostingLine)].join("");
}
