import { fontRuns, primaryAscent, primaryFont, setInvoiceFont, type FontWeight } from "./invoice-fonts";

export type ParagraphOptions = { weight?: FontWeight; size?: number; color?: string; gap?: number };

/**
 * The A4 documents that print text as it comes (the personal data export, a signed waiver): one
 * paragraph at a time, run by run in the invoice's font chain so that any script prints as typed,
 * continuing below the last one, on a new page when the next line would not fit.
 */
export function paragraphWriter(doc: PDFKit.PDFDocument, margins: { left: number; right: number; bottom: number }, textColor: string) {
  const width = doc.page.width - margins.left - margins.right;
  const write = (text: string, options: ParagraphOptions = {}) => {
    const weight = options.weight ?? "regular";
    const size = options.size ?? 10;
    doc.fontSize(size).fillColor(options.color ?? textColor);
    if (doc.y + size * 2 > doc.page.height - margins.bottom) doc.addPage();
    const runs = fontRuns(text.normalize("NFC"), weight);
    const baseline = -primaryAscent(weight) * size;
    if (runs.length === 0) {
      setInvoiceFont(doc, primaryFont(weight));
      doc.text(" ", margins.left, doc.y, { width });
    }
    runs.forEach((run, index) => {
      setInvoiceFont(doc, run.font);
      const continued = index < runs.length - 1;
      if (index === 0) doc.text(run.text, margins.left, doc.y, { width, baseline, continued, features: [] });
      else doc.text(run.text, { width, baseline, continued, features: [] });
    });
    doc.moveDown(options.gap ?? 0.2);
  };
  return { write, width };
}

/** The document's bytes once it has ended (call `doc.end()` after drawing). */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Buffer) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
