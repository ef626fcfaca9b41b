import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { maximumEventImageBytes } from "../../core/contracts/event-images";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../errors";
import { imageTooLarge } from "./event-image";

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
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": input.contentType },
      defParamCharset: "utf8",
      limits: { fields: 6, fieldSize: 4096, fieldNameSize: 100, files: 1, parts: 7, headerPairs: 20, fileSize: maximumEventImageBytes },
    });
  } catch {
    throw new AppError("BAD_REQUEST", "invalidRequest");
  }
  const source = Readable.fromWeb(input.stream as NodeReadableStream<Uint8Array>);
  const fields = new Map<string, string>();
  let file: Promise<Buffer> | null = null;
  const done = new Promise<void>((resolve, reject) => {
    const malformed = () => reject(new AppError("BAD_REQUEST", "invalidRequest"));
    parser.on("field", (name, value) => fields.set(name, value));
    parser.on("file", (name, stream) => {
      if (name !== "file" || file) {
        stream.resume();
        return malformed();
      }
      const chunks: Buffer[] = [];
      file = new Promise<Buffer>((fileRead) => {
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => fileRead(Buffer.concat(chunks)));
      });
      stream.on("limit", () => reject(imageTooLarge(input.locale)));
      stream.on("error", malformed);
    });
    parser.on("fieldsLimit", malformed);
    parser.on("filesLimit", malformed);
    parser.on("partsLimit", malformed);
    parser.on("error", malformed);
    source.on("error", malformed);
    parser.on("finish", () => resolve());
  });
  source.pipe(parser);
  try {
    await done;
    return { fields, file: file ? await file : null };
  } catch (error) {
    source.unpipe(parser);
    parser.destroy();
    // The client is answered without reading the rest; Node closes the connection after the answer.
    source.destroy();
    throw error;
  }
}
