/** A PDF as a download that no cache keeps (invoices: personal data). */
export function pdfDownload(file: { pdf: Uint8Array | Buffer; filename: string }): Response {
  return new Response(new Uint8Array(file.pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
