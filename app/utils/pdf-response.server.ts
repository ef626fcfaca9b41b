import { fileDownload } from "./file-download.server";

/** A PDF as a download that no cache keeps (invoices: personal data). */
export function pdfDownload(file: { pdf: Uint8Array | Buffer; filename: string }): Response {
  return fileDownload({ body: new Uint8Array(file.pdf), fileName: file.filename, contentType: "application/pdf" });
}
