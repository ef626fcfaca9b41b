import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { ServerBuild } from "react-router";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressAssets } from "../../scripts/precompress-assets";
import type { DatabaseHandle } from "../../server/db/client";
import { compressResponses } from "../../server/http/compress-responses";
import { createApp } from "../../server/http/create-app";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let assetsDir: string;
const script = `export const greeting = ${JSON.stringify("Hello, track day! ".repeat(400))};\n`;

beforeAll(async () => {
  database = await createTestDatabase();
  const { services } = createTestApi(database);
  assetsDir = await mkdtemp(join(tmpdir(), "compression-assets-"));
  await mkdir(join(assetsDir, "assets"));
  await writeFile(join(assetsDir, "assets", "entry-abc123.js"), script);
  await writeFile(join(assetsDir, "assets", "tiny-abc123.js"), "export {};\n");
  await precompressAssets(assetsDir);
  const build = () => Promise.reject<ServerBuild>(new Error("no pages in this test"));
  app = createApp({ services, build, mode: "test", clientAssetsDir: assetsDir, pageCacheSeconds: 0, logError: () => undefined });
});
afterAll(async () => {
  await database.close();
  await rm(assetsDir, { recursive: true, force: true });
});

const get = (path: string, acceptEncoding?: string, method = "GET") =>
  app.request(path, { method, headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("answers made per request are compressed when the client can decode them", () => {
  it("sends JSON as gzip, the same content, and says it varies by Accept-Encoding", async () => {
    const plain = await get("/api/public-events?per_page=50");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    const plainBytes = await bytesOf(plain);
    expect(plainBytes.byteLength).toBeGreaterThan(1024);

    // As browsers ask: an answer made per request goes as gzip (Hono's compress, issue 29).
    const gzip = await get("/api/public-events?per_page=50", "gzip, deflate, br");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(gzip.headers.get("content-type")).toMatch(/^application\/json/);
    const gzipBytes = await bytesOf(gzip);
    expect(gunzipSync(gzipBytes).equals(plainBytes)).toBe(true);
    expect(gzipBytes.byteLength).toBeLessThan(plainBytes.byteLength / 2);
  });

  it("leaves small answers, HEAD requests and clients without an encoding alone", async () => {
    const notFound = await get("/api/form/public/00000000-0000-4000-8000-000000000000", "br");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("content-encoding")).toBeNull();
    expect(JSON.parse((await bytesOf(notFound)).toString("utf8"))).toBeTruthy();
    // As browsers ask: an answer under 1,400 bytes fits one segment either way, and goes as it is with its length.
    const small = await get("/api/form/public/00000000-0000-4000-8000-000000000000", "gzip, deflate, br");
    expect(small.status).toBe(404);
    expect(small.headers.get("content-encoding")).toBeNull();
    const smallBytes = await bytesOf(small);
    expect(small.headers.get("content-length")).toBe(String(smallBytes.byteLength));
    expect(JSON.parse(smallBytes.toString("utf8"))).toMatchObject({ code: "NOT_FOUND" });
    const identity = await get("/api/public-events", "identity");
    expect(identity.headers.get("content-encoding")).toBeNull();
    const head = await get("/api/public-events", "br", "HEAD");
    expect(head.headers.get("content-encoding")).toBeNull();
  });
});

describe("an answer still being written is compressed as it streams", () => {
  it("sends the first part before the rest is written, without a length, and the whole content", async () => {
    const first = "<p>shell</p>".repeat(200);
    let writeRest: () => void = () => undefined;
    const restWritten = new Promise<void>((resolve) => (writeRest = resolve));
    const streaming = new Hono().use(compressResponses()).get("/streamed", (c) => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode(first));
          await restWritten;
          controller.enqueue(encoder.encode("<p>deferred data</p>"));
          controller.close();
        },
      });
      return c.body(body, 200, { "Content-Type": "text/html; charset=utf-8" });
    });
    const response = await streaming.request("/streamed", { headers: { "accept-encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("content-length")).toBeNull();
    // The rest is written only after the answer (with its first part) has come out of the middleware.
    writeRest();
    expect(gunzipSync(await bytesOf(response)).toString("utf8")).toBe(`${first}<p>deferred data</p>`);
  });
});

describe("built scripts and styles are sent as compressed at build", () => {
  it("serves the .br or .gz file beside the asset, with a year's cache, and the plain file to others", async () => {
    const brotli = await get("/assets/entry-abc123.js", "gzip, deflate, br");
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("content-type")).toMatch(/javascript/);
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("vary")).toMatch(/accept-encoding/i);
    const brotliBytes = await bytesOf(brotli);
    expect(brotliBytes.equals(await readFile(join(assetsDir, "assets", "entry-abc123.js.br")))).toBe(true);
    expect(brotliDecompressSync(brotliBytes).toString("utf8")).toBe(script);

    const gzip = await get("/assets/entry-abc123.js", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(await bytesOf(gzip)).toString("utf8")).toBe(script);

    const plain = await get("/assets/entry-abc123.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect((await bytesOf(plain)).toString("utf8")).toBe(script);
  });

  it("keeps a file under a kilobyte as it is", async () => {
    const tiny = await get("/assets/tiny-abc123.js", "br");
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect((await bytesOf(tiny)).toString("utf8")).toBe("export {};\n");
  });
});
