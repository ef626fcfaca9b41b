import { formatDate } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import { vatByRate } from "../../core/domain/pricing";
import { countryName } from "../../core/i18n/countries";
import { namespaceTranslatorFor } from "../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../core/i18n/locales";
import { fontRuns, primaryAscent, primaryFont, setInvoiceFont, type FontWeight } from "./invoice-fonts";
import { loadPdfLibraries } from "./pdf-libraries";

export type InvoiceData = {
  locale: Locale;
  /**
   * `invoice` (UNTDID 1001 type 380) or `cancellation` (type 381, a Stornorechnung): it cancels the
   * invoice named in `cancels` in full. A cancellation's lines and totals repeat the cancelled invoice's
   * as positive amounts; the document says they are credited. Absent on invoices issued before: invoice.
   */
  kind?: "invoice" | "cancellation";
  /** The invoice a cancellation invoice cancels (GoBD: it refers to it by number and date). */
  cancels?: { invoiceNumber: string; issuedOn: string };
  /** e.g. `INV-2026-000123` */
  invoiceNumber: string;
  /** ISO date `yyyy-mm-dd` */
  issuedOn: string;
  /** e.g. `TD-7K4M2Q` */
  bookingCode: string;
  operator: {
    company: string;
    street: string;
    zip: string;
    city?: string | null;
    country: string;
    phone?: string | null;
    fax?: string | null;
    email: string;
    website?: string | null;
    registryCourt?: string | null;
    managingDirector?: string | null;
    vatId?: string | null;
  };
  bank: { accountHolder: string; iban: string; bic: string; bankName: string };
  customer: {
    name: string;
    company?: string | null;
    street?: string | null;
    addressLine2?: string | null;
    postcode?: string | null;
    city?: string | null;
    country?: string | null;
    vatId?: string | null;
  };
  event: { title: string; startsOn: string; endsOn: string; location: string };
  /**
   * The site's VAT treatment when the invoice was issued: `per_line` prints each line's rate and the VAT
   * contained per rate under the (gross) total; `margin_scheme` prints the § 25 UStG note and no VAT.
   * Absent in invoices issued before it was snapshotted: then neither is printed.
   */
  vatTreatment?: "per_line" | "margin_scheme";
  /** Gross amounts; `vatRateBasisPoints` (1900 = 19 %) is the price row's rate. */
  lines: { label: string; quantity: number; unitCents: number; totalCents: number; vatRateBasisPoints?: number }[];
  totalCents: number;
  /** Due now; equals the total when the price is not split. */
  depositCents: number;
  /** ISO date: the site's bank-transfer days after submission (capped by the remainder's date and the event's start). */
  depositDueOn: string;
  /** 0 when the price is not split. */
  remainderCents: number;
  remainderDueOn: string | null;
  /** Already paid; 0 for a new invoice booking. */
  paidCents: number;
  /**
   * A card booking's invoice, issued with its first payment (issue 28): it prints what was paid by card
   * and `stillDue` (from the booking account when issued) instead of the bank-transfer schedule. Absent
   * on an invoice booking's invoice and on invoices issued before.
   */
  paidByCard?: boolean;
  stillDue?: { amountCents: number; dueOn: string | null }[];
};

// ── Text ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Makes a string printable: Intl output's thin and narrow spaces become plain spaces (U+00A0 stays,
 * it keeps "108,00 €" together) and invisible break hints go. Every letter is then printed in a font
 * that has it (`fontRuns` in invoice-fonts.ts): CJK, Hangul, Arabic, Thai and emoji included.
 */
function printable(text: string): string {
  return text
    .normalize("NFC")
    .replace(/\u200b|\u2060|\ufeff/gu, "")
    .replace(/[\u2000-\u200a\u202f\u205f]/gu, " ");
}

// ── Formatting ───────────────────────────────────────────────────────────────────────────────────

function isoDateToUtc(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/** `20 – 22 November 2026` / `20.–22. November 2026`: written out in full, it is a legal document. */
function formatEventDates(startsOn: string, endsOn: string, locale: Locale): string {
  if (startsOn === endsOn) return formatDate(startsOn, locale);
  const format = new Intl.DateTimeFormat(intlLocaleTags[locale], { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
  return format.formatRange(isoDateToUtc(startsOn), isoDateToUtc(endsOn));
}

/** `DE89370400440532013000` → `DE89 3704 0044 0532 0130 00`, the grouping people type from. */
function formatIban(iban: string): string {
  return iban
    .replace(/\s+/g, "")
    .toUpperCase()
    .replace(/(.{4})(?=.)/g, "$1 ");
}

function present(...parts: (string | null | undefined)[]): string[] {
  return parts.map((part) => part?.trim() ?? "").filter((part) => part !== "");
}

// ── Layout ───────────────────────────────────────────────────────────────────────────────────────

const fonts = { regular: "regular", bold: "bold" } as const satisfies Record<FontWeight, FontWeight>;
const colors = { text: "#1a1a1a", muted: "#5c5c5c", rule: "#b8b8b8" } as const;
/** The bottom margin leaves room for the footer, so flowing text never runs into it. */
const margins = { top: 50, bottom: 85, left: 55, right: 55 } as const;
const separator = "  \u00b7  ";

/**
 * Renders an invoice as an A4 PDF. Pure: everything printed comes from `data`; the same data gives the
 * same bytes because the creation date (which also seeds the file ID) is the issue date.
 */
export async function renderInvoicePdf(data: InvoiceData): Promise<Buffer> {
  const { locale, operator, customer, bank } = data;
  const t = namespaceTranslatorFor(locale, "invoice");
  const money = (cents: number) => formatMoney(cents, locale);
  const date = (isoDate: string) => formatDate(isoDate, locale);
  const cancellation = data.kind === "cancellation";
  const documentTitle = `${t(cancellation ? "cancellationTitle" : "documentTitle")} ${data.invoiceNumber}`;
  // A cancellation invoice credits what it cancels: its amounts print as negative.
  const signed = (cents: number) => (cancellation ? -cents : cents);

  const { PDFDocument } = await loadPdfLibraries();
  const doc = new PDFDocument({
    size: "A4",
    margins,
    // Buffered so the footer, with "page n of m", can be drawn once the page count is known.
    bufferPages: true,
    lang: intlLocaleTags[locale],
    displayTitle: true,
    info: {
      Title: documentTitle,
      Author: operator.company,
      Subject: `${t("bookingCode")} ${data.bookingCode}`,
      CreationDate: isoDateToUtc(data.issuedOn),
    },
  });

  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = margins.left;
  const contentWidth = doc.page.width - margins.left - margins.right;
  const right = left + contentWidth;
  const bottomLimit = () => doc.page.height - margins.bottom;

  let weight: FontWeight = fonts.regular;
  let fontSize = 10;
  /**
   * Writes a text run by run, each in a font that has its letters (pdfkit's `continued` joins them into
   * one flow), one paragraph per line of the text. `features: []` makes pdfkit shape a run as a whole
   * rather than word by word, so a right-to-left run (Arabic) keeps its words in order.
   */
  const write = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions = {}) => {
    printable(text)
      .split(/\r?\n/u)
      .forEach((paragraph, paragraphIndex) => {
        const top = paragraphIndex === 0 ? y : doc.y;
        const runs = fontRuns(paragraph, weight);
        if (runs.length === 0) {
          setInvoiceFont(doc, primaryFont(weight));
          doc.text("", x, top, options);
          return;
        }
        const baseline = -primaryAscent(weight) * fontSize;
        runs.forEach((run, index) => {
          setInvoiceFont(doc, run.font);
          const continued = index < runs.length - 1;
          if (index === 0) doc.text(run.text, x, top, { ...options, baseline, continued, features: [] });
          else doc.text(run.text, { ...options, baseline, continued, features: [] });
        });
      });
  };
  /** A text's height at `width`; text in several fonts is measured by its runs' widths on the tallest line height. */
  const heightOf = (text: string, width: number) => {
    const runs = fontRuns(printable(text), weight);
    const [only] = runs;
    if (runs.length <= 1) {
      setInvoiceFont(doc, only?.font ?? primaryFont(weight));
      return doc.heightOfString(only?.text ?? "", { width });
    }
    let totalWidth = 0;
    let lineHeight = 0;
    for (const run of runs) {
      setInvoiceFont(doc, run.font);
      totalWidth += doc.widthOfString(run.text);
      lineHeight = Math.max(lineHeight, doc.currentLineHeight(true));
    }
    return Math.max(1, Math.ceil(totalWidth / width)) * lineHeight;
  };
  const style = (font: FontWeight, size: number, color: string = colors.text) => {
    weight = font;
    fontSize = size;
    setInvoiceFont(doc, primaryFont(font));
    doc.fontSize(size).fillColor(color);
  };
  const rule = (y: number, color: string = colors.rule) => {
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(color).stroke();
  };

  let y: number = margins.top;
  /** Starts a new page when `height` does not fit, so a row or block is never split by the footer. */
  const ensureSpace = (height: number): boolean => {
    if (y + height <= bottomLimit()) return false;
    doc.addPage();
    y = margins.top;
    return true;
  };

  // Letterhead.
  style(fonts.bold, 18);
  write(operator.company, left, y, { width: contentWidth });
  y = doc.y + 4;
  const operatorAddress = present(operator.street, present(operator.zip, operator.city).join(" "), countryName(operator.country, locale));
  const contact = present(
    operator.phone ? `${t("phone")} ${operator.phone}` : null,
    operator.fax ? `${t("fax")} ${operator.fax}` : null,
    `${t("email")} ${operator.email}`,
    operator.website,
  );
  style(fonts.regular, 8.5, colors.muted);
  write(operatorAddress.join(separator), left, y, { width: contentWidth });
  write(contact.join(separator), left, doc.y + 1, { width: contentWidth });
  y = doc.y + 8;
  rule(y);

  // Address block; the small sender line sits where a window envelope shows it.
  y += 28;
  style(fonts.regular, 7, colors.muted);
  write(present(operator.company, operator.street, present(operator.zip, operator.city).join(" ")).join(" \u00b7 "), left, y, { width: 260 });
  y = doc.y + 6;
  const addressLines = present(
    customer.company,
    customer.name,
    customer.street,
    customer.addressLine2,
    present(customer.postcode, customer.city).join(" "),
    customer.country ? countryName(customer.country, locale) : null,
  );
  style(fonts.regular, 10.5);
  write(addressLines.join("\n"), left, y, { width: 260, lineGap: 1.5 });
  y = Math.max(doc.y, y + 80) + 28;

  // Title and references.
  style(fonts.bold, 18);
  write(documentTitle, left, y, { width: contentWidth });
  y = doc.y + 8;
  const references: [string, string][] = [
    [t("issuedOn"), date(data.issuedOn)],
    [t("bookingCode"), data.bookingCode],
  ];
  if (data.cancels) references.push([t("cancels"), t("cancelsInvoice", { number: data.cancels.invoiceNumber, date: date(data.cancels.issuedOn) })]);
  if (customer.vatId?.trim()) references.push([t("customerVatId"), customer.vatId.trim()]);
  references.push([t("event"), [data.event.title, formatEventDates(data.event.startsOn, data.event.endsOn, locale), data.event.location].join(separator)]);
  for (const [label, value] of references) {
    style(fonts.regular, 10, colors.muted);
    write(label, left, y, { width: 110, lineBreak: false });
    style(fonts.regular, 10);
    write(value, left + 115, y, { width: contentWidth - 115 });
    y = doc.y + 2;
  }
  y += 16;

  // Line items. Amount columns are right-aligned so the decimals line up in both locales.
  const vatPerLine = data.vatTreatment === "per_line";
  const columns = {
    quantity: vatPerLine ? { x: right - 300, width: 45 } : { x: right - 250, width: 50 },
    vat: { x: right - 250, width: 50 },
    unit: { x: right - 190, width: 90 },
    amount: { x: right - 90, width: 90 },
  };
  const percent = new Intl.NumberFormat(intlLocaleTags[locale], { style: "percent", maximumFractionDigits: 2 });
  const vatRate = (basisPoints: number) => percent.format(basisPoints / 10_000);
  const descriptionWidth = columns.quantity.x - left - 10;
  const quantityFormat = new Intl.NumberFormat(intlLocaleTags[locale]);
  const drawTableHeader = () => {
    style(fonts.bold, 9.5);
    write(t("description"), left, y, { width: descriptionWidth });
    write(t("quantity"), columns.quantity.x, y, { width: columns.quantity.width, align: "right" });
    if (vatPerLine) write(t("vatRate"), columns.vat.x, y, { width: columns.vat.width, align: "right" });
    write(t("unitPrice"), columns.unit.x, y, { width: columns.unit.width, align: "right" });
    write(t("amount"), columns.amount.x, y, { width: columns.amount.width, align: "right" });
    y = doc.y + 4;
    rule(y, colors.text);
    y += 6;
  };
  ensureSpace(60);
  drawTableHeader();
  for (const line of data.lines) {
    style(fonts.regular, 10);
    const rowHeight = heightOf(line.label, descriptionWidth) + 6;
    if (ensureSpace(rowHeight)) drawTableHeader();
    style(fonts.regular, 10);
    write(line.label, left, y, { width: descriptionWidth });
    write(quantityFormat.format(line.quantity), columns.quantity.x, y, { width: columns.quantity.width, align: "right" });
    if (vatPerLine) write(vatRate(line.vatRateBasisPoints ?? 0), columns.vat.x, y, { width: columns.vat.width, align: "right" });
    write(money(signed(line.unitCents)), columns.unit.x, y, { width: columns.unit.width, align: "right" });
    write(money(signed(line.totalCents)), columns.amount.x, y, { width: columns.amount.width, align: "right" });
    y += rowHeight;
  }
  ensureSpace(30);
  rule(y, colors.text);
  y += 7;
  style(fonts.bold, 11);
  write(t(cancellation ? "totalCredited" : "total"), left, y, { width: descriptionWidth });
  // A long label may wrap (the label column ends where the amounts begin): the next row starts below both.
  const labelEnd = doc.y;
  write(money(signed(data.totalCents)), columns.unit.x, y, { width: right - columns.unit.x, align: "right" });
  y = Math.max(labelEnd, doc.y) + 4;
  if (vatPerLine) {
    const contained = vatByRate(data.lines.map((line) => ({ totalCents: line.totalCents, vatRateBasisPoints: line.vatRateBasisPoints ?? 0 })));
    for (const { rate, vatCents } of contained) {
      style(fonts.regular, 10);
      write(t("vatContained", { rate: vatRate(rate) }), left, y, { width: descriptionWidth });
      write(money(signed(vatCents)), columns.unit.x, y, { width: right - columns.unit.x, align: "right" });
      y = doc.y + 2;
    }
  }
  if (data.vatTreatment === "margin_scheme") {
    style(fonts.regular, 10);
    write(t("marginScheme"), left, y + 2, { width: contentWidth });
    y = doc.y;
  }
  y += 18;

  const drawPayment = () => {
    // Payment schedule, kept together on one page. A first bank-transfer invoice: the transfer schedule; every other: what was paid and what is still due.
    const split = data.remainderCents > 0;
    const fromAccount = data.stillDue !== undefined;
    const schedule: [string, string][] = fromAccount
      ? [
          [t(data.paidByCard ? "paidByCard" : "alreadyPaid"), money(data.paidCents)],
          ...(data.stillDue ?? []).map((due): [string, string] => [
            due.dueOn ? t("stillDue", { date: date(due.dueOn) }) : t("stillDueUndated"),
            money(due.amountCents),
          ]),
        ]
      : [[split ? t("depositDue", { date: date(data.depositDueOn) }) : t("amountDue", { date: date(data.depositDueOn) }), money(data.depositCents)]];
    if (split && !fromAccount) {
      schedule.push([
        data.remainderDueOn ? t("remainderDue", { date: date(data.remainderDueOn) }) : t("remainderDue", { date: "–" }),
        money(data.remainderCents),
      ]);
    }
    if (!fromAccount) schedule.push([t("alreadyPaid"), money(data.paidCents)]);
    ensureSpace(40 + schedule.length * 16);
    style(fonts.bold, 11);
    write(t("paymentSchedule"), left, y, { width: contentWidth });
    y = doc.y + 6;
    for (const [label, amount] of schedule) {
      style(fonts.regular, 10);
      write(label, left, y, { width: descriptionWidth + 60 });
      const rowEnd = doc.y;
      write(amount, columns.unit.x, y, { width: right - columns.unit.x, align: "right" });
      y = Math.max(rowEnd, doc.y) + 4;
    }
    y += 6;
    style(fonts.regular, 10);
    if (!fromAccount || (data.stillDue ?? []).length > 0) write(t("transferNote", { code: data.bookingCode }), left, y, { width: contentWidth });
    y = doc.y + 20;

    // Bank details.
    const bankRows: [string, string][] = [
      [t("accountHolder"), bank.accountHolder],
      ["IBAN", formatIban(bank.iban)],
      ["BIC", bank.bic.trim().toUpperCase()],
      [t("bank"), bank.bankName],
    ];
    ensureSpace(30 + bankRows.length * 15);
    style(fonts.bold, 11);
    write(t("bankDetails"), left, y, { width: contentWidth });
    y = doc.y + 6;
    for (const [label, value] of bankRows) {
      style(fonts.regular, 10, colors.muted);
      write(label, left, y, { width: 110, lineBreak: false });
      style(fonts.regular, 10);
      write(value, left + 115, y, { width: contentWidth - 115 });
      y = doc.y + 2;
    }
  };
  if (cancellation) {
    // A cancellation invoice asks for nothing: what was paid stays on the booking's account.
    ensureSpace(40);
    style(fonts.regular, 10);
    write(t("cancellationNote", { number: data.cancels?.invoiceNumber ?? "", code: data.bookingCode }), left, y, { width: contentWidth });
    y = doc.y + 20;
  } else {
    drawPayment();
  }

  // Footer on every page: the operator's legal data, and page numbers once there is more than one page.
  const footerLines = [
    present(operator.company, operator.street, present(operator.zip, operator.city).join(" "), countryName(operator.country, locale)).join(separator),
    present(
      operator.registryCourt ? `${t("registryCourt")}: ${operator.registryCourt}` : null,
      operator.managingDirector ? `${t("managingDirector")}: ${operator.managingDirector}` : null,
      operator.vatId ? `${t("vatId")}: ${operator.vatId}` : null,
    ).join(separator),
  ].filter((line) => line !== "");
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // Below the bottom margin pdfkit would start a new page for the text; the footer belongs here.
    doc.page.margins.bottom = 0;
    const footerTop = doc.page.height - margins.bottom + 22;
    rule(footerTop - 6);
    style(fonts.regular, 7.5, colors.muted);
    let footerY = footerTop;
    for (const line of footerLines) {
      write(line, left, footerY, { width: contentWidth, align: "center" });
      footerY = doc.y + 1;
    }
    if (count > 1) write(t("page", { page: index - start + 1, pages: count }), left, footerY + 3, { width: contentWidth, align: "right" });
    doc.page.margins.bottom = margins.bottom;
  }

  doc.end();
  return finished;
}
