import { formatMoney } from "../../../core/domain/money";
import { translatorFor } from "../../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../../core/i18n/locales";
import { fontRuns, primaryAscent, primaryFont, setInvoiceFont, type FontWeight } from "../../invoices/invoice-fonts";
import { loadPdfLibraries } from "../../invoices/pdf-libraries";
import type { ExportRow } from "./participant-export-rows";

/**
 * The printable participant list (decision 029): landscape A4, the event's title and dates at the top
 * of every page, a table whose cells wrap (a name, a type, an amount is never cut), a box to tick at
 * the gate for each person of a booking that is going, "Page x of y" at the foot. Streamed: pages
 * leave as they fill (no `bufferPages`). A row is as tall as its longest cell, so the pages are counted
 * by laying the rows out once before the first byte (`participantListPager`, the same layout without
 * drawing), and each page's footer is drawn when it opens. Letters of any script print through the
 * invoice's font chain (invoice-fonts.ts).
 */
export type ParticipantListHeading = {
  locale: Locale;
  eventTitle: string;
  /** e.g. `12 – 13 May 2027 · Nürburgring` */
  eventLine: string;
  /** `Participant list`, with whom it holds when that is not the default. */
  listLine: string;
  dayHeaders: string[];
  /** Pages counted when the export began: gives "of y". */
  expectedPages: number;
};

const margins = { top: 28, bottom: 34, left: 28, right: 28 } as const;
const colors = { text: "#1a1a1a", muted: "#5c5c5c", rule: "#b8b8b8", band: "#f1f1f1" } as const;
const pageWidth = 841.89;
const pageHeight = 595.28;
const contentWidth = pageWidth - margins.left - margins.right;
const cellSize = 8;
const lineHeight = 10;
const cellPadding = { x: 3, y: 4 } as const;
/** An amount keeps a gap to the column on its right (its text ends at the column's edge). */
const amountGap = 6;
/** A cell wraps to at most this many lines (a pathological text is cut after them, with "…"); amounts always fit. */
const maximumLines = 6;
/** The page's own heading above the table: title line, event line. */
const headingHeight = 40;
const tableBottom = pageHeight - margins.bottom;

type Column = { key: string; header: string; x: number; width: number; align: "left" | "right" };
type Layout = {
  columns: Column[];
  headerLines: string[][];
  headerHeight: number;
  tableTop: number;
  /** Each cell's lines, in column order (the check column's is empty). */
  cellLines: (row: ExportRow) => string[][];
};
/** The width a cell's text may take. */
const innerWidth = (column: Column) => column.width - 2 * cellPadding.x - (column.key === "paid" || column.key === "outstanding" ? amountGap : 0);
const heightOf = (lines: string[][]) => Math.max(1, ...lines.map((cell) => cell.length)) * lineHeight + 2 * cellPadding.y;

/** A text's width in a cell, printed run by run, each in a font that has its letters. */
function widthOf(doc: PDFKit.PDFDocument, text: string, weight: FontWeight): number {
  doc.fontSize(cellSize);
  return fontRuns(text, weight).reduce((total, run) => {
    setInvoiceFont(doc, run.font);
    return total + doc.widthOfString(run.text);
  }, 0);
}

/** `text` cut, with "…", to what fits in one line of `width`. */
function cutToWidth(doc: PDFKit.PDFDocument, text: string, width: number, weight: FontWeight): string {
  if (widthOf(doc, text, weight) <= width) return text;
  const letters = [...text];
  let low = 0;
  let high = letters.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (widthOf(doc, `${letters.slice(0, middle).join("")}\u2026`, weight) <= width) low = middle;
    else high = middle - 1;
  }
  return `${letters.slice(0, low).join("").trimEnd()}\u2026`;
}

/**
 * `text` wrapped to lines of `width`: after spaces, hyphens and slashes, and within a word only when
 * the word alone is wider than the column. Line breaks in the text are kept. More than `maxLines`
 * lines are cut after the last, with "…".
 */
export function wrapText(doc: PDFKit.PDFDocument, text: string, width: number, weight: FontWeight, maxLines = maximumLines): string[] {
  const fits = (candidate: string) => widthOf(doc, candidate.trimEnd(), weight) <= width;
  // Most cells fit on one line: measured once.
  if (!/[\r\n]/u.test(text) && fits(text)) return [text.replace(/\t/gu, " ")];
  const lines: string[] = [];
  for (const paragraph of text.replace(/\t/gu, " ").split(/\r\n|\r|\n/u)) {
    let line = "";
    for (const token of paragraph.match(/[^\s/-]+[/-]?\s*|[/-]\s*|\s+/gu) ?? []) {
      if (fits(line + token)) {
        line += token;
        continue;
      }
      if (line.trim() !== "") lines.push(line.trimEnd());
      line = "";
      // A word wider than the column: broken by letters.
      for (const letter of token.trimStart()) {
        if (line !== "" && !fits(line + letter)) {
          lines.push(line);
          line = "";
        }
        line += letter;
      }
    }
    if (line.trim() !== "" || lines.length === 0) lines.push(line.trimEnd());
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = cutToWidth(doc, `${kept[maxLines - 1] ?? ""} ${lines.slice(maxLines).join(" ")}`, width, weight);
  return kept;
}

/** The columns and the wrapping of each row's cells, measured in `doc`'s fonts. */
function layoutOf(doc: PDFKit.PDFDocument, heading: Omit<ParticipantListHeading, "expectedPages">): Layout {
  const { locale } = heading;
  const t = translatorFor(locale);
  const fixed = [
    { key: "number", width: 24, header: "#", align: "right" },
    { key: "name", width: 136, header: t("staffExport.columns.name"), align: "left" },
    { key: "type", width: 84, header: t("staffExport.columns.type"), align: "left" },
    { key: "code", width: 62, header: t("staffExport.columns.codeShort"), align: "left" },
    { key: "status", width: 70, header: t("staffExport.columns.status"), align: "left" },
    { key: "paid", width: 62, header: t("staffExport.columns.paid"), align: "right" },
    { key: "outstanding", width: 68, header: t("staffExport.columns.outstanding"), align: "right" },
  ] as const;
  const checkWidth = 64;
  const fixedWidth = fixed.reduce((total, column) => total + column.width, 0);
  const rest = contentWidth - fixedWidth - checkWidth;
  const days = heading.dayHeaders;
  const dayWidth = days.length > 0 ? rest / days.length : 0;
  const columns: Column[] = [];
  let x: number = margins.left;
  for (const column of [
    ...fixed,
    ...days.map((header, index) => ({ key: `day${index + 1}`, header, width: dayWidth, align: "left" as const })),
    // Without days the room goes to signing.
    { key: "check", header: t("staffExport.columns.check"), width: checkWidth + (days.length > 0 ? 0 : rest), align: "left" as const },
  ]) {
    columns.push({ ...column, x });
    x += column.width;
  }
  const inner = innerWidth;
  const headerLines = columns.map((column) => wrapText(doc, column.header, inner(column), "bold", 3));
  const headerHeight = heightOf(headerLines);
  const money = (cents: number | null) => (cents === null ? "" : formatMoney(cents, locale));
  return {
    columns,
    headerLines,
    headerHeight,
    tableTop: margins.top + headingHeight + headerHeight,
    cellLines: (row) => {
      const texts = ["", row.name, row.type, row.code, row.status, money(row.paidCents), money(row.outstandingCents), ...row.days, ""];
      // Amounts are never cut: their column wraps them like any other cell, with no line limit.
      return columns.map((column, index) =>
        texts[index] ? wrapText(doc, texts[index] ?? "", inner(column), "regular", column.align === "right" ? Number.POSITIVE_INFINITY : maximumLines) : [],
      );
    },
  };
}

/** The rows' positions: a row goes on the page while it fits, else it opens the next one. */
function paginator(tableTop: number) {
  let page = 0;
  let y = tableTop;
  return {
    /** Places a row of `height`: whether it opens a page, and where it goes. */
    place(height: number): { opens: boolean; y: number } {
      const opens = page === 0 || (y > tableTop && y + height > tableBottom);
      if (opens) {
        page += 1;
        y = tableTop;
      }
      const at = y;
      y += height;
      return { opens, y: at };
    },
    pages: () => Math.max(1, page),
  };
}

/** Counts the pages the rows will fill, without drawing them (the "of y" of "Page x of y"). */
export async function participantListPager(heading: Omit<ParticipantListHeading, "expectedPages">) {
  const { PDFDocument } = await loadPdfLibraries();
  const doc = new PDFDocument({ size: "A4", layout: "landscape", margins, autoFirstPage: false });
  const layout = layoutOf(doc, heading);
  const pages = paginator(layout.tableTop);
  return {
    add: (rows: ExportRow[]) => {
      for (const row of rows) pages.place(heightOf(layout.cellLines(row)));
    },
    pages: pages.pages,
  };
}

export async function createParticipantListPdf(heading: ParticipantListHeading, onChunk: (chunk: Uint8Array) => void) {
  const { locale } = heading;
  const t = translatorFor(locale);
  const { PDFDocument } = await loadPdfLibraries();
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
  /** Writes one line run by run, each in a font that has its letters (as the invoice does). */
  const write = (text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions) => {
    const runs = fontRuns(text, weight);
    const baseline = -primaryAscent(weight) * size;
    runs.forEach((run, index) => {
      setInvoiceFont(doc, run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, x, y, { ...options, baseline, continued, lineBreak: false, features: [] });
      else doc.text(run.text, { ...options, baseline, continued, lineBreak: false, features: [] });
    });
  };
  const layout = layoutOf(doc, heading);
  const { columns } = layout;
  const pages = paginator(layout.tableTop);
  let page = 0;
  let written = 0;
  let numbered = 0;
  const rule = (atY: number, color: string = colors.rule) =>
    doc
      .moveTo(margins.left, atY)
      .lineTo(margins.left + contentWidth, atY)
      .lineWidth(0.5)
      .strokeColor(color)
      .stroke();
  const writeCell = (lines: string[], column: Column, top: number) =>
    lines.forEach((line, index) =>
      write(line, column.x + cellPadding.x, top + cellPadding.y + index * lineHeight, {
        width: innerWidth(column),
        align: column.align,
      }),
    );

  const openPage = () => {
    doc.addPage();
    page += 1;
    // Below the bottom margin pdfkit would start a new page for the footer's text.
    doc.page.margins.bottom = 0;
    style("bold", 13);
    write(heading.eventTitle, margins.left, margins.top, { width: contentWidth, height: 16 });
    style("regular", 9, colors.muted);
    write(`${heading.eventLine} \u00b7 ${heading.listLine}`, margins.left, margins.top + 19, { width: contentWidth, height: 12 });
    const pageLabel = page <= heading.expectedPages ? t("staffExport.page", { page, pages: heading.expectedPages }) : t("staffExport.pageOnly", { page });
    write(pageLabel, margins.left, pageHeight - margins.bottom + 12, { width: contentWidth, align: "right" });
    style("bold", cellSize);
    const headerTop = margins.top + headingHeight;
    columns.forEach((column, index) => writeCell(layout.headerLines[index] ?? [], column, headerTop));
    rule(headerTop + layout.headerHeight - 1, colors.text);
  };

  const writeRow = (row: ExportRow) => {
    const lines = layout.cellLines(row);
    const height = heightOf(lines);
    const { opens, y } = pages.place(height);
    if (opens) openPage();
    written += 1;
    if (written % 2 === 0) doc.rect(margins.left, y, contentWidth, height).fill(colors.band);
    // Only a person who is going gets a number and a box: a cancelled or rejected booking's people are listed, muted, for reference.
    if (row.active) {
      numbered += 1;
      lines[0] = [String(numbered)];
    }
    style("regular", cellSize, row.active ? colors.text : colors.muted);
    columns.forEach((column, index) => writeCell(lines[index] ?? [], column, y));
    const check = columns.at(-1);
    if (check && row.active)
      doc
        .rect(check.x + 4, y + 4, 9, 9)
        .lineWidth(0.6)
        .strokeColor(colors.muted)
        .stroke();
    rule(y + height);
  };

  return {
    rows: (rows: ExportRow[]) => rows.forEach(writeRow),
    end: async () => {
      if (page === 0) {
        pages.place(0);
        openPage();
        style("regular", 10, colors.muted);
        write(t("staffExport.empty"), margins.left, layout.tableTop + 6, { width: contentWidth });
      }
      doc.end();
      await ended;
    },
  };
}
