import PDFDocument from "pdfkit";
import { formatMoney } from "../../core/domain/money";
import { translatorFor } from "../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../core/i18n/locales";
import { fontRuns, primaryAscent, primaryFont, setInvoiceFont, type FontWeight } from "../invoices/invoice-fonts";
import type { ExportRow } from "./participant-export-rows";

/**
 * The printable participant list (decision 029): landscape A4, the event's title and dates at the top
 * of every page, a table with a check column to sign or tick at the gate, "Page x of y" at the foot.
 * Streamed: pages leave as they fill (no `bufferPages`). Every row is the same height (two lines,
 * longer texts cut with "…"; the spreadsheets hold them whole), so the number of pages follows from
 * the number of people counted before the first row, and each page's footer is drawn when it opens.
 * Letters of any script print through the invoice's font chain (invoice-fonts.ts).
 */
export type ParticipantListHeading = {
  locale: Locale;
  eventTitle: string;
  /** e.g. `12 – 13 May 2027 · Nürburgring` */
  eventLine: string;
  dayHeaders: string[];
  /** People counted when the export began: gives "of y". */
  expectedRows: number;
};

const margins = { top: 28, bottom: 34, left: 28, right: 28 } as const;
const colors = { text: "#1a1a1a", muted: "#5c5c5c", rule: "#b8b8b8", band: "#f1f1f1" } as const;
const cellSize = 8;
const lineHeight = 10;
const rowHeight = 2 * lineHeight + 6;
const headerRowHeight = 2 * lineHeight + 6;
/** The page's own heading above the table: title line, event line. */
const headingHeight = 40;

/** `text` cut, with "…", to what fits in `lines` lines of `width` (measured, so wide letters count as wide). */
function fitLines(doc: PDFKit.PDFDocument, text: string, width: number, weight: FontWeight, lines = 2): string {
  const widthOf = (candidate: string) =>
    fontRuns(candidate, weight).reduce((total, run) => {
      setInvoiceFont(doc, run.font);
      return total + doc.widthOfString(run.text);
    }, 0);
  // Word wrapping loses part of a line that is followed by another: keep a margin.
  const budget = lines === 1 ? width * 0.98 : width * (lines - 0.15);
  if (widthOf(text) <= budget) return text;
  const letters = [...text];
  let low = 0;
  let high = letters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(`${letters.slice(0, middle).join("")}\u2026`) <= budget) low = middle;
    else high = middle - 1;
  }
  return `${letters.slice(0, low).join("").trimEnd()}\u2026`;
}

export function createParticipantListPdf(heading: ParticipantListHeading, onChunk: (chunk: Uint8Array) => void) {
  const { locale } = heading;
  const t = translatorFor(locale);
  const doc = new PDFDocument({
    size: "A4",
    layout: "landscape",
    margins,
    autoFirstPage: false,
    lang: intlLocaleTags[locale],
    displayTitle: true,
    info: { Title: `${t("staffExport.title")}: ${heading.eventTitle}` },
  });
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => onChunk(new Uint8Array(chunk)));
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });

  let weight: FontWeight = "regular";
  let size = cellSize;
  const style = (font: FontWeight, fontSize: number, color: string = colors.text) => {
    weight = font;
    size = fontSize;
    setInvoiceFont(doc, primaryFont(font));
    doc.fontSize(fontSize).fillColor(color);
  };
  /** Writes a text run by run, each in a font that has its letters, cut at `height` (as the invoice does). */
  const write = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) => {
    const runs = fontRuns(text.replace(/[\r\n\t]+/gu, " "), weight);
    const baseline = -primaryAscent(weight) * size;
    runs.forEach((run, index) => {
      setInvoiceFont(doc, run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, y, { ...options, baseline, continued, features: [] });
      else doc.text(run.text, { ...options, baseline, continued, features: [] });
    });
  };

  // Columns: fixed widths, the days share what is left.
  const pageWidth = 841.89;
  const pageHeight = 595.28;
  const contentWidth = pageWidth - margins.left - margins.right;
  const fixed = [
    { key: "number", width: 20, header: "#" },
    { key: "name", width: 122, header: t("staffExport.columns.name") },
    { key: "type", width: 88, header: t("staffExport.columns.type") },
    { key: "code", width: 66, header: t("staffExport.columns.codeShort") },
    { key: "status", width: 62, header: t("staffExport.columns.status") },
    { key: "payment", width: 100, header: t("staffExport.columns.payment") },
  ] as const;
  const checkWidth = 70;
  const fixedWidth = fixed.reduce((total, column) => total + column.width, 0);
  const dayWidth = (contentWidth - fixedWidth - checkWidth) / Math.max(1, heading.dayHeaders.length);
  const columns: { header: string; x: number; width: number }[] = [];
  let x: number = margins.left;
  for (const column of [
    ...fixed,
    ...heading.dayHeaders.map((header) => ({ header, width: dayWidth })),
    { header: t("staffExport.columns.check"), width: checkWidth },
  ]) {
    columns.push({ header: column.header, x, width: column.width });
    x += column.width;
  }
  const tableTop = margins.top + headingHeight + headerRowHeight;
  const tableBottom = pageHeight - margins.bottom;
  const rowsPerPage = Math.max(1, Math.floor((tableBottom - tableTop) / rowHeight));
  const expectedPages = Math.max(1, Math.ceil(heading.expectedRows / rowsPerPage));

  let page = 0;
  let y = tableTop;
  let rowsOnPage = 0;
  let written = 0;
  const rule = (atY: number, color: string = colors.rule) =>
    doc
      .moveTo(margins.left, atY)
      .lineTo(margins.left + contentWidth, atY)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  const cellOptions = (width: number): PDFKit.Mixins.TextOptions => ({ width: width - 6, height: 2 * lineHeight, lineGap: 0, ellipsis: false });

  const openPage = () => {
    doc.addPage();
    page += 1;
    // Below the bottom margin pdfkit would start a new page for the footer's text.
    doc.page.margins.bottom = 0;
    style("bold", 13);
    write(heading.eventTitle, margins.left, margins.top, { width: contentWidth, height: 16, lineBreak: false });
    style("regular", 9, colors.muted);
    write(`${heading.eventLine} \u00b7 ${t("staffExport.title")}`, margins.left, margins.top + 19, { width: contentWidth, height: 12, lineBreak: false });
    const pageLabel = page <= expectedPages ? t("staffExport.page", { page, pages: expectedPages }) : t("staffExport.pageOnly", { page });
    write(pageLabel, margins.left, pageHeight - margins.bottom + 12, { width: contentWidth, align: "right", lineBreak: false });
    style("bold", cellSize);
    const headerTop = margins.top + headingHeight;
    for (const column of columns) write(fitLines(doc, column.header, column.width - 6, "bold"), column.x + 3, headerTop + 3, cellOptions(column.width));
    rule(headerTop + headerRowHeight - 1, colors.text);
    y = tableTop;
    rowsOnPage = 0;
  };

  const money = (cents: number) => formatMoney(cents, locale);
  const writeRow = (row: ExportRow) => {
    if (page === 0 || rowsOnPage >= rowsPerPage) openPage();
    written += 1;
    if (written % 2 === 0) doc.rect(margins.left, y, contentWidth, rowHeight).fill(colors.band);
    const payment =
      row.paidCents === 0 && row.outstandingCents === 0
        ? ""
        : `${t("staffExport.columns.paid")} ${money(row.paidCents)}\n${t("staffExport.columns.outstanding")} ${money(row.outstandingCents)}`;
    const cells = [String(written), row.name, row.type, row.code, row.status, payment, ...row.days, ""];
    style("regular", cellSize);
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column || cell === "") return;
      // The payment's two lines are two cells' worth of text: each is cut to its own line.
      const lines = cell.split("\n");
      if (lines.length > 1) {
        lines.slice(0, 2).forEach((line, lineIndex) =>
          write(fitLines(doc, line, column.width - 6, "regular", 1), column.x + 3, y + 3 + lineIndex * lineHeight, {
            width: column.width - 6,
            height: lineHeight,
          }),
        );
        return;
      }
      write(fitLines(doc, cell, column.width - 6, "regular"), column.x + 3, y + 3, cellOptions(column.width));
    });
    // The check column: a box to tick at the gate, and room to sign beside it.
    const check = columns[columns.length - 1];
    if (check)
      doc
        .rect(check.x + 4, y + 6, 9, 9)
        .lineWidth(0.6)
        .strokeColor(colors.muted)
        .stroke();
    rule(y + rowHeight);
    y += rowHeight;
    rowsOnPage += 1;
  };

  return {
    rows: (rows: ExportRow[]) => rows.forEach(writeRow),
    end: async () => {
      if (page === 0) {
        openPage();
        style("regular", 10, colors.muted);
        write(t("staffExport.empty"), margins.left, tableTop + 6, { width: contentWidth });
      }
      doc.end();
      await ended;
    },
  };
}
