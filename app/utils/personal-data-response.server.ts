import { fileDownload } from "./file-download.server";

/** A personal data export as a download that no cache keeps (decision 076). */
export function personalDataDownload(file: { body: Uint8Array; filename: string; contentType: string }): Response {
  return fileDownload({ body: new Uint8Array(file.body), fileName: file.filename, contentType: file.contentType });
}
