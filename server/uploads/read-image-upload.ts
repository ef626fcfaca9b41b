import { maximumEventImageBytes } from "../../core/contracts/event-images";
import type { Locale } from "../../core/i18n/locales";
import { imageTooLarge } from "./event-image";
import { openMultipartBody } from "./multipart-body";

/** Room for the multipart framing and the alt-text fields around the file in a request's Content-Length. */
const multipartOverheadBytes = 64 * 1024;

export type ImageUploadBody = { fields: Map<string, string>; file: Buffer | null };

/**
 * Reads an image upload's multipart body (`file` and a few small text fields) into memory: an image
 * is decoded whole anyway, and at most `maximumEventImageBytes` are taken. A body that cannot fit
 * (by its Content-Length) is refused before a byte is read; one that outgrows it while streaming is
 * cut off there. Nothing touches the disk.
 */
export async function readImageUpload(input: {
  stream: ReadableStream<Uint8Array>;
  contentType: string;
  contentLength?: number | undefined;
  locale: Locale;
}): Promise<ImageUploadBody> {
  if (input.contentLength !== undefined && input.contentLength > maximumEventImageBytes + multipartOverheadBytes) {
    await input.stream.cancel().catch(() => undefined);
    throw imageTooLarge(input.locale);
  }
  const body = openMultipartBody({
    stream: input.stream,
    contentType: input.contentType,
    limits: { fields: 6, fieldSize: 4096, fieldNameSize: 100, files: 1, parts: 7, headerPairs: 20, fileSize: maximumEventImageBytes },
  });
  const fields = new Map<string, string>();
  let file: Promise<Buffer> | null = null;
  body.parser.on("field", (name, value) => fields.set(name, value));
  body.parser.on("file", (name, stream) => {
    if (name !== "file" || file) {
      stream.resume();
      return body.malformed();
    }
    const chunks: Buffer[] = [];
    file = new Promise<Buffer>((fileRead) => {
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => fileRead(Buffer.concat(chunks)));
    });
    stream.on("limit", () => body.fail(imageTooLarge(input.locale)));
    stream.on("error", body.malformed);
  });
  body.start();
  try {
    await body.parsed;
    return { fields, file: file ? await file : null };
  } catch (error) {
    body.stop();
    // The client is answered without reading the rest; Node closes the connection after the answer.
    body.source.destroy();
    throw error;
  }
}
