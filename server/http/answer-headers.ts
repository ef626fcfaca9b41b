import type { Context } from "hono";

/**
 * Sets a header on the answer a handler has already made (in a middleware, after `await next()`).
 * Hono's `c.header()` there copies the answer first (`new Response(res.body, res)`), which turns the
 * string @hono/node-server keeps for a JSON answer into a web stream to read: for every API answer,
 * more CPU than the handler (decision 065). The answer's own headers are set instead; only an answer
 * whose headers cannot change (a fetch() result passed through) is copied as Hono does.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
