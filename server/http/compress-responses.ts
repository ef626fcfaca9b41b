import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliCompress, type Gzip } from "node:zlib";
import type { MiddlewareHandler } from "hono";

/** Encodings this site sends, best first: brotli is ~15 % smaller than gzip on our HTML and JSON. */
export type ContentEncoding = "br" | "gzip";
const preference: readonly ContentEncoding[] = ["br", "gzip"];

/** Text formats gain 70–85 %; images, videos, PDFs and fonts (woff2) are compressed already. */
const compressibleType = /^\s*(?:text\/|application\/(?:json|javascript|xml|manifest\+json|problem\+json|[\w.-]+\+json|[\w.-]+\+xml)|image\/svg\+xml)/i;

/**
 * Under 1,400 bytes an answer fits one TCP segment either way (Lighthouse's text-compression audit
 * ignores savings under the same 1,400 bytes), and compressing it costs CPU for nothing the visitor
 * notices: a sale rush's page saves and submits answer 0.6–1.2 KB of JSON (decision 065).
 */
export const minimumCompressedBytes = 1400;

export function isCompressibleType(contentType: string | null): boolean {
  return contentType !== null && compressibleType.test(contentType) && !/^\s*text\/event-stream/i.test(contentType);
}

/**
 * The encoding to answer in, from an `Accept-Encoding` header (RFC 9110 §12.5.3): the most preferred
 * of ours the client accepts with a non-zero weight; `*` accepts any not named; null for identity.
 */
export function chooseContentEncoding(acceptEncoding: string | null | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...parameters] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = parameters.map((parameter) => parameter.trim()).find((parameter) => parameter.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? (encoding === "gzip" ? weights.get("x-gzip") : undefined) ?? weights.get("*") ?? 0;
  let best: ContentEncoding | null = null;
  for (const encoding of preference) if (weightOf(encoding) > 0 && (best === null || weightOf(encoding) > weightOf(best))) best = encoding;
  return best;
}

/**
 * Brotli at quality 2 and gzip at level 6: for answers made per request the quick settings keep most
 * of the saving (quality 11 is for files compressed once at build, scripts/precompress-assets.ts).
 * Quality 2 rather than 4 (decision 057): a page carries its 53 KB stylesheet (decision 055), which
 * quality 4 took 0.66 ms to compress on every uncached page and quality 2 takes 0.2 ms, for 5 % more bytes.
 */
const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 2, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const gzipLevel = 6;

function compressorFor(encoding: ContentEncoding): BrotliCompress | Gzip {
  return encoding === "br" ? createBrotliCompress({ params: brotliParams }) : createGzip({ level: gzipLevel });
}

/**
 * An answer that was whole after its first read (JSON, most API answers) is compressed in one call
 * and sent as bytes with its length: no stream to pipe through (in a sale rush the web streams cost
 * more CPU than the compression). Larger ones still stream, so one big answer never holds the loop.
 */
const compressAtOnceBytes = 256 * 1024;

/** One whole answer compressed in one call, at the per-request settings (the page cache makes its gzip copies with it too). */
export function compressAtOnce(encoding: ContentEncoding, bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return asBody(encoding === "br" ? brotliCompressSync(bytes, { params: brotliParams }) : gzipSync(bytes, { level: gzipLevel }));
}

/** zlib's buffers and a stream's chunks live in plain ArrayBuffers (never shared memory): a body as fetch's types want it. */
function asBody(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * A compressing stream that flushes once the chunks written together have been taken in: a page
 * streamed by React Router (its shell first, deferred data later) reaches the browser as it is
 * written, not when zlib's buffer happens to fill. React writes a page in many small chunks in one
 * go; a zlib write and flush per chunk (each a trip to zlib's thread and a brotli block) cost more
 * than compressing the page, so the chunks of one turn of the event loop go to zlib together.
 */
function compressingStream(encoding: ContentEncoding): TransformStream<Uint8Array, Uint8Array> {
  const compressor = compressorFor(encoding);
  const flushKind = encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let ended: Promise<void> = Promise.resolve();
  // The chunks of this turn of the event loop, handed to zlib together (one write and one flush).
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let scheduled: Promise<void> | null = null;
  const writeAndFlush = () =>
    new Promise<void>((resolve, reject) => {
      const chunks = pending;
      const size = pendingBytes;
      pending = [];
      pendingBytes = 0;
      if (size === 0 || compressor.destroyed) return resolve();
      compressor.write(concatenate(chunks, size), (error) => {
        if (error) reject(error);
        else compressor.flush(flushKind, () => resolve());
      });
    });
  // A failure is reported by the next transform or flush (nobody may be waiting for this write).
  let failure: unknown = null;
  const flushSoon = () => {
    if (!scheduled) {
      scheduled = new Promise<void>((resolve) =>
        setImmediate(() => {
          scheduled = null;
          writeAndFlush().then(resolve, (error: unknown) => {
            failure ??= error;
            resolve();
          });
        }),
      );
    }
    return scheduled;
  };
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      compressor.on("data", (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch {
          // The browser went away (the stream was cancelled): nothing more to send, so stop compressing.
          compressor.destroy();
        }
      });
      ended = new Promise((resolve, reject) => {
        compressor.once("end", resolve);
        compressor.once("error", reject);
      });
    },
    async transform(chunk) {
      if (failure) throw failure;
      pending.push(chunk);
      pendingBytes += chunk.byteLength;
      const flushed = flushSoon();
      // A long answer (an export) waits for zlib now and then, so its chunks do not pile up in memory.
      if (pendingBytes >= 64 * 1024) await flushed;
    },
    async flush() {
      await (scheduled ?? writeAndFlush());
      if (failure) throw failure;
      compressor.end();
      return ended;
    },
  });
}

/**
 * Compresses every compressible answer the client can decode (pages, JSON, scripts, styles, SVG),
 * unless it is already encoded (precompressed build files), tiny, or marked `no-transform`. Every
 * compressible answer says `Vary: Accept-Encoding`, so a shared cache keeps the variants apart.
 */
export function compressResponses(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!isCompressibleType(response.headers.get("Content-Type"))) return;
    const vary = response.headers.get("Vary");
    if (!vary || !/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) c.res.headers.append("Vary", "Accept-Encoding");
    const whole = wholeBodyOf(response);
    if (whole?.body === null || c.req.method === "HEAD" || response.headers.has("Content-Encoding")) return;
    if (/no-transform/i.test(response.headers.get("Cache-Control") ?? "")) return;
    const length = response.headers.get("Content-Length");
    if (length !== null && Number(length) < minimumCompressedBytes) return;
    // Made whole (c.json, c.html): its bytes are at hand, no stream to read. A small one goes out as it
    // is; a large one (an export's CSV) is streamed through zlib's thread like any other, not held on the loop.
    const bytes = whole ? (typeof whole.body === "string" ? Buffer.from(whole.body) : whole.body) : null;
    if (bytes && bytes.byteLength <= compressAtOnceBytes) {
      if (bytes.byteLength < minimumCompressedBytes) return;
      const encoding = chooseContentEncoding(c.req.header("Accept-Encoding"));
      if (!encoding) return;
      const compressed = compressAtOnce(encoding, bytes);
      const headers = new Headers(response.headers);
      headers.set("Content-Length", String(compressed.byteLength));
      headers.set("Content-Encoding", encoding);
      c.res = undefined;
      c.res = new Response(compressed, { status: response.status, statusText: response.statusText, headers });
      return;
    }
    if (!response.body) return;
    const encoding = chooseContentEncoding(c.req.header("Accept-Encoding"));
    if (!encoding) return;
    // Most answers carry no length yet: read their start to know whether they are small, and whole.
    const start = await readAtLeast(response.body, minimumCompressedBytes);
    const headers = new Headers(response.headers);
    let body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> = start.body;
    if (start.ended && start.size < minimumCompressedBytes) {
      headers.set("Content-Length", String(start.size));
      body = concatenate(start.head, start.size);
    } else if (start.ended && start.size <= compressAtOnceBytes) {
      body = compressAtOnce(encoding, concatenate(start.head, start.size));
      headers.set("Content-Length", String(body.byteLength));
      headers.set("Content-Encoding", encoding);
    } else {
      headers.delete("Content-Length");
      headers.set("Content-Encoding", encoding);
      body = body.pipeThrough(compressingStream(encoding));
    }
    c.res = undefined;
    c.res = new Response(body, { status: response.status, statusText: response.statusText, headers });
  };
}

/**
 * The body of an answer made whole, without reading it as a stream: @hono/node-server's own Response
 * (the global Response once the server runs) keeps a body given as a string or bytes beside its
 * status and headers, and writes it to the socket without a stream. Reading `response.body` would
 * build a Fetch Response and a web stream around it for every JSON answer (decision 065). Undefined
 * when the answer is not such a Response (in `app.request()` tests, a streamed page, a file): then the
 * stream is read. `tests/unit/compress-responses.test.ts` fails if an upgrade of @hono/node-server
 * stops keeping it.
 */
export function wholeBodyOf(response: Response): { body: string | Uint8Array | null } | undefined {
  for (const key of Object.getOwnPropertySymbols(response)) {
    if (key.description !== "cache") continue;
    const cache: unknown = (response as unknown as Record<symbol, unknown>)[key];
    if (!Array.isArray(cache)) return undefined;
    const body: unknown = cache[1];
    if (body === null || typeof body === "string" || body instanceof Uint8Array) return { body };
    return undefined;
  }
  return undefined;
}

/**
 * Reads chunks until `atLeast` bytes have come or the stream has ended, and gives back a stream that
 * starts with what was read and goes on with the rest (so a streamed page keeps streaming).
 */
async function readAtLeast(
  source: ReadableStream<Uint8Array>,
  atLeast: number,
): Promise<{ body: ReadableStream<Uint8Array>; head: Uint8Array[]; size: number; ended: boolean }> {
  const reader = source.getReader();
  const head: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  // A read already asked for while telling a whole answer from a streamed one (below); the stream goes on from it.
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  while (size < atLeast) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    head.push(value);
    size += value.byteLength;
  }
  if (!ended) {
    // An answer made whole (JSON, a rendered mail preview) comes in one chunk and its stream closes
    // within the same turn of the event loop; a streamed page's next chunk waits for its data. One
    // macrotask tells them apart without holding a streamed page back.
    pending = reader.read();
    const next = await Promise.race([pending, new Promise<null>((resolve) => setImmediate(resolve, null))]);
    if (next?.done) {
      ended = true;
      pending = null;
    } else if (next) {
      head.push(next.value);
      size += next.value.byteLength;
      pending = null;
    }
  }
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of head) controller.enqueue(chunk);
      if (ended) controller.close();
    },
    async pull(controller) {
      const read = pending ?? reader.read();
      pending = null;
      const { done, value } = await read;
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { body, head, size, ended };
}

/** The chunks read as one array (most answers come in one chunk: then that one). */
function concatenate(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  if (chunks.length === 1 && chunks[0]) return asBody(chunks[0]);
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}
