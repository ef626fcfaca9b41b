import { gzipSync } from "node:zlib";
import type { MiddlewareHandler } from "hono";
import { compress } from "hono/compress";

/** Encodings this site sends, best first: brotli is ~15 % smaller than gzip on our HTML and JSON. */
export type ContentEncoding = "br" | "gzip";
const preference: readonly ContentEncoding[] = ["br", "gzip"];

/**
 * Under 1,400 bytes an answer fits one TCP segment either way (Lighthouse's text-compression audit
 * ignores savings under the same 1,400 bytes): build files that small are not precompressed, a page
 * that small is not kept compressed, and an answer that says its length that small goes as it is.
 */
export const minimumCompressedBytes = 1400;

/**
 * The encoding to answer in, from an `Accept-Encoding` header (RFC 9110 §12.5.3): the most preferred
 * of ours the client accepts with a non-zero weight; `*` accepts any not named; null for identity.
 * The page cache sends its stored copies by it (page-cache.ts).
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

/** A stored page's gzip copy, made once from its bytes (page-cache.ts keeps brotli, and gzip for clients without it). */
export function gzipOnce(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const zipped = gzipSync(bytes, { level: 6 });
  // zlib answers in plain ArrayBuffers (never shared memory): a body as fetch's types want it.
  return new Uint8Array(zipped.buffer as ArrayBuffer, zipped.byteOffset, zipped.byteLength);
}

/**
 * Answers made per request (pages rendered for one visitor, API JSON) are compressed by Hono's own
 * `compress` middleware (gzip through the platform's CompressionStream), when the client can decode
 * it and the type is text: it leaves alone what is already encoded (the build's precompressed files,
 * the page cache's stored copies, both brotli), HEAD, `no-transform`, and answers that say a length
 * under `minimumCompressedBytes`. It adds `Vary: Accept-Encoding` to every answer it could compress.
 */
export function compressResponses(): MiddlewareHandler {
  return compress({ threshold: minimumCompressedBytes });
}

/**
 * Hono's `c.json` answers without a `Content-Length`, and `compress` only knows an answer is small by
 * that header: every API answer was gzipped, a 48-byte error into 66 bytes, a booking draft's ~1 KB
 * through a zlib stream of its own (~5 % of the sale rush's CPU, while every answer of the booking
 * flow is 0.6–1.6 KB). This states the length of the API's JSON answers (read whole: they are made
 * from one string), so that those under `minimumCompressedBytes` go as they are.
 */
export function stateJsonAnswerLength(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const answer = c.res;
    const type = answer.headers.get("Content-Type");
    if (!answer.body || !type?.startsWith("application/json") || answer.headers.has("Content-Length") || answer.headers.has("Content-Encoding")) return;
    const bytes = await answer.arrayBuffer();
    const headers = new Headers(answer.headers);
    headers.set("Content-Length", String(bytes.byteLength));
    // `c.res = …` would copy the old answer's headers onto the new one again: start from a clean slate.
    c.res = undefined;
    c.res = new Response(bytes, { status: answer.status, statusText: answer.statusText, headers });
  };
}
