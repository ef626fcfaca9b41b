import type * as Fontkit from "fontkit";
import type PDFDocumentClass from "pdfkit";

/**
 * pdfkit and fontkit are loaded by a process's first PDF, not at boot: with what they load they take
 * ~25 MB of resident memory in a process that may never print one (issue 29's memory floor; the
 * booking flow, the pages and the mails print none). Every PDF's entry point awaits
 * `loadPdfLibraries()`; what it draws with afterwards reads `loadedPdfLibraries()`.
 */
export type PdfLibraries = { PDFDocument: typeof PDFDocumentClass; fontkit: typeof Fontkit };

let loading: Promise<PdfLibraries> | undefined;
let loaded: PdfLibraries | undefined;

export function loadPdfLibraries(): Promise<PdfLibraries> {
  loading ??= Promise.all([import("pdfkit"), import("fontkit")]).then(([pdfkit, fontkit]) => (loaded = { PDFDocument: pdfkit.default, fontkit }));
  return loading;
}

/** The libraries, for code that draws a PDF whose entry point has loaded them. */
export function loadedPdfLibraries(): PdfLibraries {
  if (!loaded) throw new Error("a PDF is drawn before loadPdfLibraries() was awaited");
  return loaded;
}
