/**
 * A file as a download that no cache keeps (exports, invoices, personal data): its name both as plain
 * ASCII and, for names with umlauts, in RFC 5987's `filename*`; never sniffed as another type.
 */
export function fileDownload(file: { body: BodyInit; fileName: string; contentType: string }): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
