import { Writable } from "node:stream";
import type { CsvDialect } from "../../../core/contracts/staff-exports";
import type { Locale } from "../../../core/i18n/locales";
import { csvDialectRules, csvLine } from "./participant-export-csv";
import { amountColumns, rowCells, type ExportCell, type ExportRow } from "./participant-export-rows";

/**
 * A file format written as the rows come: `rows` takes one batch, `end` finishes the file. Each hands
 * its bytes to `onChunk` as they are made, so the answer streams and holds one batch at a time.
 */
export type ExportWriter = { rows: (rows: ExportRow[]) => void | Promise<void>; end: () => Promise<void> };

const encoder = new TextEncoder();

export function createCsvWriter(headers: string[], dialect: CsvDialect, onChunk: (chunk: Uint8Array) => void): ExportWriter {
  onChunk(encoder.encode(csvDialectRules[dialect].bom + csvLine(headers, dialect)));
  return {
    rows: (rows) => {
      if (rows.length > 0) onChunk(encoder.encode(rows.map((row) => csvLine(rowCells(row), dialect)).join("")));
    },
    end: async () => undefined,
  };
}

/** Euros with two decimals and the sign (Excel shows the separators of the reader's language). */
const moneyFormat = '#,##0.00 "€"';
const dateFormats = { en: "d mmm yyyy", de: "dd.mm.yyyy" } as const satisfies Record<Locale, string>;
/** A column's width in characters: room for its longest text of the first batch, within bounds. */
const widthBounds = { min: 8, max: 50 } as const;

/** A cell's value as the workbook holds it: a date as a date (midnight UTC, Excel's day), the rest as it is. */
function xlsxValue(cell: ExportCell): string | number | Date | null {
  if (cell === null || typeof cell === "string" || typeof cell === "number") return cell;
  return new Date(`${cell.date}T00:00:00Z`);
}

/** How many characters a cell shows, for its column's width. */
function shownLength(cell: ExportCell): number {
  if (cell === null) return 0;
  if (typeof cell === "number") return cell.toFixed(2).length + 4;
  const text = typeof cell === "string" ? cell : cell.text;
  return Math.max(0, ...text.split("\n").map((line) => line.length));
}

/**
 * exceljs's streaming WorkbookWriter: each committed row leaves for the zip stream at once (no shared
 * strings table, which would have to be held to the end). Cells are typed: amounts are numbers in a
 * money format, dates are dates, and every text is a string cell, never a formula: a phone number
 * `+49 …` or a name starting with `=` shows exactly as typed and is never run. The columns' widths
 * follow the header and the first batch (the sheet's column list is written before its first row).
 */
export async function createXlsxWriter(sheetName: string, headers: string[], locale: Locale, onChunk: (chunk: Uint8Array) => void): Promise<ExportWriter> {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      onChunk(new Uint8Array(chunk));
      callback();
    },
  });
  // Loaded by the first spreadsheet, not at boot: exceljs is ~20 MB of a process that may never write one.
  const { default: ExcelJS } = await import("exceljs");
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const finished = new Promise<void>((resolve, reject) => {
    sink.on("finish", resolve);
    sink.on("error", reject);
  });
  // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet's name.
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/gu, " ").slice(0, 31) || "Participants", { views: [{ state: "frozen", ySplit: 1 }] });
  let headed = false;
  /** The header row, its columns as wide as the first batch needs. */
  const head = (firstCells: ExportCell[][]) => {
    headed = true;
    sheet.columns = headers.map((header, index) => {
      const longest = Math.max(header.length, ...firstCells.map((cells) => shownLength(cells[index] ?? null)));
      return { header, width: Math.min(widthBounds.max, Math.max(widthBounds.min, longest + 2)) };
    });
    const headerRow = sheet.getRow(1);
    headerRow.font = { bold: true };
    headerRow.alignment = { vertical: "top", wrapText: true };
    headerRow.commit();
  };
  const amounts = new Set<number>(amountColumns);
  return {
    rows: (rows) => {
      const batch = rows.map(rowCells);
      if (!headed) head(batch);
      for (const cells of batch) {
        const row = sheet.addRow(cells.map(xlsxValue));
        cells.forEach((cell, index) => {
          if (amounts.has(index)) row.getCell(index + 1).numFmt = moneyFormat;
          else if (cell !== null && typeof cell === "object") row.getCell(index + 1).numFmt = dateFormats[locale];
        });
        row.commit();
      }
    },
    end: async () => {
      if (!headed) head([]);
      sheet.commit();
      await workbook.commit();
      await finished;
    },
  };
}
