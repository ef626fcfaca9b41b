import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { AppError } from "../errors";

/**
 * A multipart request body as it streams in, for the upload routes (booking uploads, event images):
 * the busboy parser with the caller's limits, the body as a Node stream, and `parsed`, which settles
 * when the whole body has been read, or fails with 400 on a malformed body or one over the part
 * limits. The caller listens for its fields and files, then calls `start`; after a refusal, `stop`.
 */
export type MultipartBody = {
  parser: busboy.Busboy;
  source: Readable;
  parsed: Promise<void>;
  /** Ends `parsed` with this error (the first settlement wins). */
  fail: (error: unknown) => void;
  /** `fail` with the 400 of a malformed body. */
  malformed: () => void;
  start: () => void;
  /** Stops parsing: the rest of the body is left to the caller (dropped, or the connection closed). */
  stop: () => void;
};

export function openMultipartBody(input: { stream: ReadableStream<Uint8Array>; contentType: string; limits: busboy.Limits }): MultipartBody {
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": input.contentType }, defParamCharset: "utf8", limits: input.limits });
  } catch {
    // Not multipart, or no boundary.
    throw new AppError("BAD_REQUEST", "invalidRequest");
  }
  const source = Readable.fromWeb(input.stream as NodeReadableStream<Uint8Array>);
  let fail: (error: unknown) => void = () => undefined;
  const parsed = new Promise<void>((resolve, reject) => {
    fail = reject;
    parser.on("finish", () => resolve());
  });
  const malformed = () => fail(new AppError("BAD_REQUEST", "invalidRequest"));
  parser.on("fieldsLimit", malformed);
  parser.on("filesLimit", malformed);
  parser.on("partsLimit", malformed);
  parser.on("error", malformed);
  source.on("error", malformed);
  return {
    parser,
    source,
    parsed,
    fail,
    malformed,
    start: () => source.pipe(parser),
    stop: () => {
      source.unpipe(parser);
      parser.destroy();
    },
  };
}
