import { IncomingMessage } from "node:http";
import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { AppError } from "../errors";

/** `application/json` and its `+json` kinds, the bodies the API's routes validate with their schemas. */
const jsonType = /^\s*application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * The node:http request under a Hono context, when the site runs on @hono/node-server (not in
 * `app.request()` tests) and nobody has started reading its body: behind a proxy the request is
 * rebuilt with the browser's URL (create-app.ts, `withUrl`), which hands the socket's body to a web
 * stream; from then on only that stream has it, so the body is read through it.
 */
function untouchedNodeRequestOf(c: Context): IncomingMessage | null {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (!(incoming instanceof IncomingMessage)) return null;
  return incoming.readableFlowing === null && !incoming.readableDidRead && incoming.listenerCount("data") === 0 ? incoming : null;
}

/** The size of each body read here, by request: a second limit on the same route checks it without reading again. */
const bytesRead = new WeakMap<object, number>();

const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", "payloadTooLarge");

/**
 * Refuses a request body over `maxBytes` with the API's 413, before a validator reads it whole, and
 * reads a JSON body straight from node's request stream (decision 065). Hono's own `bodyLimit` looks at
 * `c.req.raw.body`, which makes @hono/node-server build a whole Fetch `Request` with a web stream
 * over the socket, and the validator then reads it through that stream: in a sale rush, four of a
 * buyer's five requests carry a small JSON body, and building and reading those streams cost more CPU
 * than validating the answers. The bytes read are handed to Hono's body cache as text, so
 * `c.req.json()` (the validators) parses them as it would have. Anything else (other types, tests
 * through `app.request()`, a body already read) goes through Hono's `bodyLimit`, as before.
 */
export function jsonBodyLimit(maxBytes: number): MiddlewareHandler {
  const refuse = () => Promise.reject(tooLarge());
  const otherBodies = bodyLimit({ maxSize: maxBytes, onError: refuse });
  return async (c, next) => {
    // Read by an outer limit (the API's default, then a route's own): only the size is checked again.
    const alreadyRead = bytesRead.get(c.req);
    if (alreadyRead !== undefined) {
      if (alreadyRead > maxBytes) throw tooLarge();
      return next();
    }
    const incoming = untouchedNodeRequestOf(c);
    const contentType = c.req.header("content-type");
    if (!incoming || !contentType || !jsonType.test(contentType) || Object.keys(c.req.bodyCache).length > 0) return otherBodies(c, next);
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined && Number(declared) > maxBytes) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of incoming as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      // Refused while it streams in: the rest is never buffered (node discards it once the answer is sent).
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
    // As Request.text() decodes: UTF-8, a byte-order mark dropped, malformed bytes replaced.
    const text = new TextDecoder("utf-8").decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    // Hono keeps each body read as its promise (request.js `#cachedBody`), though its type names the value.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(text);
    bytesRead.set(c.req, size);
    await next();
  };
}
