import { Writable } from "node:stream";
import ExcelJS from "exceljs";
import type { CsvDialect } from "../../core/contracts/staff-exports";
import { csvDialectRules, csvLine, neutralizeFormula } from "./participant-export-csv";
import { rowCells, type ExportRow } from "./participant-export-rows";

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

/**
 * exceljs's streaming WorkbookWriter: each committed row leaves for the zip stream at once (no shared
 * strings table, which would have to be held to the end). Text cells are neutralized like the CSV's:
 * a sheet saved again as CSV must not carry a formula either.
 */
export function createXlsxWriter(sheetName: string, headers: string[], onChunk: (chunk: Uint8Array) => void): ExportWriter {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      onChunk(new Uint8Array(chunk));
      callback();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true, useSharedStrings: false });
  const finished = new Promise<void>((resolve, reject) => {
    sink.on("finish", resolve);
    sink.on("error", reject);
  });
  // Excel allows 31 characters and none of : \ / ? * [ ] in a sheet's name.
  const sheet = workbook.addWorksheet(sheetName.replace(/[:\\/?*[\]]/gu, " ").slice(0, 31) || "Participants", { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = headers.map((header) => ({ header: neutralizeFormula(header), width: Math.min(40, Math.max(10, header.length + 2)) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return {
    rows: (rows) => {
      for (const row of rows) sheet.addRow(rowCells(row).map((cell) => (typeof cell === "string" ? neutralizeFormula(cell) : cell))).commit();
    },
    end: async () => {
      sheet.commit();
      await workbook.commit();
      await finished;
    },
  };
}
