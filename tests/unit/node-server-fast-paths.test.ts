import type { AddressInfo } from "node:net";
import { request } from "node:http";
import { brotliDecompressSync } from "node:zlib";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../server/errors";
import { setAnswerHeader } from "../../server/http/answer-headers";
import { withUrl } from "../../server/http/forwarded-request";
import { compressResponses, minimumCompressedBytes, wholeBodyOf } from "../../server/http/compress-responses";
import { jsonBodyLimit } from "../../server/http/json-body-limit";
import { wholeAnswer } from "../../app/utils/whole-answer.server";

/**
 * The API's JSON goes in and out without web streams when the site runs on @hono/node-server
 * (decision 065): bodies are read from node's request stream, answers made whole are compressed from
 * the string @hono/node-server keeps. These tests run a real node server, and fail when an upgrade of
 * @hono/node-server changes what the fast paths rely on.
 */
const originalRequest = globalThis.Request;
const originalResponse = globalThis.Response;
let server: ServerType;
let origin = "";
const huge = Array.from({ length: 12_000 }, (_, index) => `${index};Track day;place ${index}`).join("\n");
const big = { items: Array.from({ length: 200 }, (_, index) => ({ index, label: `Track day place ${index}` })) };

beforeAll(async () => {
  const app = new Hono();
  app.use(compressResponses());
  app.use(async (c, next) => {
    await next();
    setAnswerHeader(c, "X-Content-Type-Options", "nosniff");
    // Whether the answer is still the one made whole after a header was set on it (Hono's c.header() copies it into a stream).
    setAnswerHeader(c, "X-Still-Whole", String(wholeBodyOf(c.res) !== undefined));
  });
  app.get("/big", (c) => c.json(big));
  app.get("/small", (c) => c.json({ ok: true }));
  // A page rendered whole (app/entry.server.tsx), after React Router's isResponse() has looked at it.
  const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Grüße vom Nürburgring</p>".repeat(200)}</body></html>`, "utf8");
  app.get("/page", () => {
    const answer = wholeAnswer(new Uint8Array(page), { status: 200, headers: { "content-type": "text/html" } });
    const seenAsResponse = typeof answer.status === "number" && typeof answer.statusText === "string" && typeof answer.headers === "object" && typeof answer.body !== "undefined";
    answer.headers.set("x-seen-as-response", String(seenAsResponse));
    return answer;
  });
  app.get("/page-read", () => {
    const answer = wholeAnswer(new Uint8Array(page), { status: 200, headers: { "content-type": "text/html" } });
    // Whoever reads the body gets the page (here: a copy with one more header, as create-app.ts's withRenewedSession makes).
    return new Response(answer.body, { status: answer.status, headers: { "content-type": "text/html", "x-copied": "1" } });
  });
  app.get("/export.csv", (c) => c.body(huge, 200, { "Content-Type": "text/csv; charset=utf-8" }));
  app.put("/echo", jsonBodyLimit(1000), jsonBodyLimit(200), async (c) => {
    // Read by jsonBodyLimit from node's stream (Hono's bodyLimit would have left the cache empty).
    const readFromNodeStream = "text" in c.req.bodyCache;
    return c.json({ received: await c.req.json<unknown>(), readFromNodeStream });
  });
  // Behind a proxy the request is rebuilt with the browser's URL (create-app.ts), and a request may wait
  // its turn (admission) before its body is read: the body is then in the rebuilt request's stream.
  app.put(
    "/forwarded",
    async (c, next) => {
      c.req.raw = withUrl(c.req.raw, `https://booking.example.test/forwarded`);
      await new Promise((resolve) => setTimeout(resolve, 30));
      await next();
    },
    jsonBodyLimit(200),
    async (c) => c.json({ received: await c.req.json<unknown>(), url: c.req.url }),
  );
  app.onError((error, c) => (AppError.is(error) ? c.json({ code: error.code }, error.status) : c.json({ code: "INTERNAL", message: String(error) }, 500)));
  origin = await new Promise<string>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
  });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  // @hono/node-server put its own Request and Response in the globals: give the other tests theirs back.
  globalThis.Request = originalRequest;
  globalThis.Response = originalResponse;
});

function send(method: string, path: string, headers: Record<string, string>, body?: string | Buffer) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const outgoing = request(`${origin}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

describe("answers made whole", () => {
  it("are seen whole in @hono/node-server's own Response, without reading a stream", () => {
    // The server replaced the global Response with its own: what c.json builds while it runs.
    expect(wholeBodyOf(new Response('{"a":1}', { headers: { "content-type": "application/json" } }))).toEqual({ body: '{"a":1}' });
    expect(wholeBodyOf(new Response(null, { status: 204 }))).toEqual({ body: null });
    expect(wholeBodyOf(new Response(new ReadableStream()))).toBeUndefined();
    expect(wholeBodyOf(new originalResponse("plain undici"))).toBeUndefined();
  });

  it("go out compressed with their length when large, and as they are when small", async () => {
    const large = await send("GET", "/big", { "accept-encoding": "br" });
    expect(large.headers["content-encoding"]).toBe("br");
    expect(large.headers["x-content-type-options"]).toBe("nosniff");
    expect(large.headers["x-still-whole"]).toBe("true");
    expect(large.headers["content-length"]).toBe(String(large.body.byteLength));
    expect(JSON.parse(brotliDecompressSync(large.body).toString("utf8"))).toEqual(big);
    expect(JSON.stringify(big).length).toBeGreaterThan(minimumCompressedBytes);

    // Past 256 KB a whole answer (an export) streams through zlib's thread instead of holding the loop.
    expect(huge.length).toBeGreaterThan(256 * 1024);
    const exported = await send("GET", "/export.csv", { "accept-encoding": "br" });
    expect(exported.headers["content-encoding"]).toBe("br");
    expect(exported.headers["content-length"]).toBeUndefined();
    expect(brotliDecompressSync(exported.body).toString("utf8")).toBe(huge);

    const small = await send("GET", "/small", { "accept-encoding": "br" });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8"))).toEqual({ ok: true });
    expect(small.headers.vary).toMatch(/accept-encoding/i);
  });
});

describe("a page rendered whole", () => {
  const expected = `<!DOCTYPE html><html><body>${"<p>Grüße vom Nürburgring</p>".repeat(200)}</body></html>`;

  it("stays whole after React Router's isResponse() has read its statusText and body, and goes out compressed with its length", async () => {
    const compressed = await send("GET", "/page", { "accept-encoding": "br" });
    expect(compressed.headers["x-seen-as-response"]).toBe("true");
    expect(compressed.headers["x-still-whole"]).toBe("true");
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["content-length"]).toBe(String(compressed.body.byteLength));
    expect(brotliDecompressSync(compressed.body).toString("utf8")).toBe(expected);
    const plain = await send("GET", "/page", {});
    expect(plain.headers["content-length"]).toBe(String(Buffer.byteLength(expected)));
    expect(plain.body.toString("utf8")).toBe(expected);
  });

  it("gives its bytes to whoever reads its body", async () => {
    const copied = await send("GET", "/page-read", {});
    expect(copied.headers["x-copied"]).toBe("1");
    expect(copied.body.toString("utf8")).toBe(expected);
    const answer = wholeAnswer(new Uint8Array(Buffer.from("abc")), { status: 201, statusText: "Created" });
    expect(answer.statusText).toBe("Created");
    expect(await answer.text()).toBe("abc");
  });
});

describe("JSON bodies read from node's request stream", () => {
  it("reach the validator's c.req.json() as sent, in UTF-8", async () => {
    const sent = { name: "Jörg Fahrenkrög", seats: 2 };
    const answer = await send("PUT", "/echo", { "content-type": "application/json" }, `\uFEFF${JSON.stringify(sent)}`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString("utf8"))).toEqual({ received: sent, readFromNodeStream: true });
  });

  it("are read through the rebuilt request when a proxy's URL replaced it, also after a wait", async () => {
    const sent = { name: "Jörg", seats: 3 };
    const answer = await send("PUT", "/forwarded", { "content-type": "application/json" }, JSON.stringify(sent));
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString("utf8"))).toEqual({ received: sent, url: "https://booking.example.test/forwarded" });
    const tooLarge = await send(
      "PUT",
      "/forwarded",
      { "content-type": "application/json", "transfer-encoding": "chunked" },
      JSON.stringify({ text: "x".repeat(300) }),
    );
    expect(tooLarge.status).toBe(413);
  });

  it("are refused over the limit, by their declared length or while they stream in", async () => {
    const body = JSON.stringify({ text: "x".repeat(300) });
    const declared = await send("PUT", "/echo", { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) }, body);
    expect(declared.status).toBe(413);
    const chunked = await send("PUT", "/echo", { "content-type": "application/json", "transfer-encoding": "chunked" }, body);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body.toString("utf8"))).toEqual({ code: "PAYLOAD_TOO_LARGE" });
  });

  it("leave a malformed body to the JSON parse, as before", async () => {
    const answer = await send("PUT", "/echo", { "content-type": "application/json" }, "{not json");
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body.toString("utf8")).message).toMatch(/SyntaxError/);
  });
});
