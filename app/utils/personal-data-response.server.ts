/** A personal data export as a download that no cache keeps (decision 076). */
export function personalDataDownload(file: { body: Uint8Array; filename: string; contentType: string }): Response {
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
