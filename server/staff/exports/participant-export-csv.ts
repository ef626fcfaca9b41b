import type { CsvDialect } from "../../../core/contracts/staff-exports";
import type { ExportCell } from "./participant-export-rows";

/**
 * CSV lines of the participant list (decision 029). Pure, so the verb can write each batch as it
 * comes: the header line first, then the rows, each line ending in CRLF (RFC 4180).
 */

/** The UTF-8 byte order mark, without which German Excel reads a CSV as Windows-1252. */
export const utf8Bom = "\ufeff";

export const csvDialectRules = {
  rfc4180: { separator: ",", bom: "" },
  "excel-de": { separator: ";", bom: utf8Bom },
} as const satisfies Record<CsvDialect, { separator: string; bom: string }>;

/** A cell a spreadsheet would read as a formula (OWASP "CSV injection"): =, +, -, @, TAB or CR first. */
const formulaStart = /^[=+\-@\t\r]/u;

/**
 * A text cell made inert: one that starts like a formula gets a leading apostrophe, which spreadsheets
 * show as text and do not evaluate (OWASP's advice). Numbers are ours, never neutralized: a negative
 * amount stays a number.
 */
export function neutralizeFormula(cell: string): string {
  return formulaStart.test(cell) ? `'${cell}` : cell;
}

/**
 * A cell as RFC 4180 writes it: quoted when it holds the separator, a quote or a line break, quotes
 * doubled. A date is its text, nothing is empty; a number is written with the dialect's decimal mark
 * and never neutralized (a negative amount stays a number, not the text "'-196").
 */
function csvCell(cell: ExportCell, separator: string, decimal: string): string {
  const text = cell === null ? "" : typeof cell === "number" ? String(cell).replace(".", decimal) : neutralizeFormula(typeof cell === "string" ? cell : cell.text);
  return text.includes(separator) || /["\r\n]/u.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One CSV line with its CRLF. Amounts are plain numbers: with a dot in rfc4180 (what programs read),
 * with a decimal comma in excel-de (a German Excel reads "12.5" as text or a date, "12,5" as a number).
 */
export function csvLine(cells: ExportCell[], dialect: CsvDialect): string {
  const { separator } = csvDialectRules[dialect];
  const decimal = dialect === "excel-de" ? "," : ".";
  return `${cells.map((cell) => csvCell(cell, separator, decimal)).join(separator)}\r\n`;
}
