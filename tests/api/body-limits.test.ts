import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema } from "../../core/contracts/forms";
import { maximumApiBodyBytes } from "../../server/api";
import type { DatabaseHandle } from "../../server/db/client";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { parseTrustProxy } from "../../server/http/forwarded-request";
import { createApp } from "../../server/http/create-app";
import { maximumPageFormBytes } from "../../server/http/input-guard";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * Request bodies are limited before anything reads them whole (issue 10): a page's form post to
 * 2 MB, an API body to 64 KB unless its route takes more (page save, webhook, upload). Both with a
 * Content-Length and without one (chunked: the limit counts while the body streams in).
 */
let database: DatabaseHandle;
let uploadsDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "body-limits-")), "uploads");
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

/** A body sent in pieces without a Content-Length, as a chunked request arrives. */
function chunked(text: string): { body: ReadableStream<Uint8Array>; duplex: "half" } {
  const bytes = new TextEncoder().encode(text);
  const pieceSize = 64 * 1024;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + pieceSize));
      offset += pieceSize;
    },
  });
  return { body, duplex: "half" };
}

const formId = seedIds.forms.golfYogaTrip;

describe("API body limit", () => {
  const loginJson = (padding: number) =>
    JSON.stringify({ email: demoAccounts.customer.email, password: demoAccounts.customer.password, padding: "x".repeat(padding) });

  it("refuses a JSON body over 64 KB with a localized 413 PAYLOAD_TOO_LARGE, with and without Content-Length", async () => {
    const api = createTestApi(database);
    const body = loginJson(maximumApiBodyBytes);
    const withLength = await api.app.request("/api/auth/public/login", {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
    });
    expect(withLength.status).toBe(413);
    expect(errorResponseSchema.parse(await withLength.json())).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "The request is too large." });

    const streamed = await api.app.request("/api/auth/public/login", {
      method: "POST",
      ...chunked(body),
      headers: { "content-type": "application/json", "accept-language": "de" },
    });
    expect(streamed.status).toBe(413);
    expect(errorResponseSchema.parse(await streamed.json())).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message: "Die Anfrage ist zu groß." });
    expect(api.errors).toEqual([]);
  });

  it("takes a small body, streamed too", async () => {
    const api = createTestApi(database);
    const response = await api.app.request("/api/auth/public/login", {
      method: "POST",
      ...chunked(loginJson(100)),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(200);
  });

  it("keeps the larger limits of a page save (256 KB) and of an upload (multipart, streamed)", async () => {
    const api = createTestApi(database, { uploadsDir });
    const opened = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`)).json());
    const form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
    const page = form.pages[0];
    if (!page || !opened.booking_token) throw new Error("no page or token");
    // 100 KB: over the default limit, under the page save's own. Unknown fields are dropped by the schema.
    const save = await api.app.request(`/api/booking/public/${opened.data.uuid}/update/${page.uuid}`, {
      method: "PUT",
      body: JSON.stringify({ booking_token: opened.booking_token, answers: {}, padding: "x".repeat(100 * 1024) }),
      headers: { "content-type": "application/json" },
    });
    expect(save.status).not.toBe(413);
    expect(save.status).toBeLessThan(500);

    const certificate = form.pages.flatMap((each) => each.items).find((item) => item.name === "golf.handicap_certificate");
    if (!certificate) throw new Error("no certificate item");
    // A picture with 80 KB after its end (readers ignore it): the request is over the default limit.
    const picture = Buffer.concat([readFileSync(path.resolve("tests/fixtures/media/still.png")), Buffer.alloc(80 * 1024)]);
    const upload = new FormData();
    upload.append("item_uuid", certificate.uuid);
    upload.append("booking_token", opened.booking_token);
    upload.append("file", new Blob([picture], { type: "image/png" }), "certificate.png");
    const uploaded = await api.app.request(`/api/booking/${opened.data.uuid}/upload`, { method: "POST", body: upload });
    expect(await uploaded.json()).not.toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(uploaded.status).toBe(201);
  });
});

describe("page form body limit", () => {
  // No React Router build: every request below is answered before a page would render.
  const appOnce = () =>
    createApp({
      services: createTestApi(database).services,
      build: () => Promise.reject(new Error("these requests never reach a page")),
      mode: "test",
      pageCacheSeconds: 0,
      trustProxy: parseTrustProxy("loopback"),
      logError: (error) => {
        throw error;
      },
    });
  const formPost = (pathname: string, size: number, how: "length" | "chunked") => {
    // A NUL in the form: a post the limit lets through meets the input guard's 400 page.
    const body = new URLSearchParams({ name: "a\u0000", text: "x".repeat(size) }).toString();
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    return appOnce().request(
      `http://127.0.0.1:3000${pathname}`,
      how === "length"
        ? { method: "POST", body, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }
        : { method: "POST", ...chunked(body), headers },
    );
  };

  for (const how of ["length", "chunked"] as const) {
    it(`answers a form post over 2 MB with a localized 413 page (${how === "length" ? "with Content-Length" : "chunked"})`, async () => {
      const english = await formPost("/events", maximumPageFormBytes, how);
      expect(english.status).toBe(413);
      expect(english.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await english.text();
      expect(html).toContain('<html lang="en">');
      expect(html).toContain("<h1>This form is too large</h1>");

      const german = await formPost("/de/events", maximumPageFormBytes, how);
      expect(german.status).toBe(413);
      expect(await german.text()).toContain("<h1>Dieses Formular ist zu groß</h1>");

      // Under the limit (the fuzz's 1 MB fields fit): read, and refused by the input guard instead.
      const under = await formPost("/events", 1024 * 1024, how);
      expect(under.status).toBe(400);
    });
  }
});

describe("client address behind a body limit", () => {
  it("a streamed (chunked) API body keeps the client's forwarded address for its rate limit", async () => {
    const services = createTestApi(database).services;
    const seen: string[] = [];
    const login = services.accounts.login.bind(services.accounts);
    services.accounts.login = async (input) => {
      seen.push(input.clientAddress);
      return login(input);
    };
    const app = createApp({
      services,
      build: () => Promise.reject(new Error("no page here")),
      mode: "test",
      pageCacheSeconds: 0,
      trustProxy: parseTrustProxy("loopback"),
      logError: (error) => {
        throw error;
      },
    });
    const body = JSON.stringify({ email: demoAccounts.customer.email, password: demoAccounts.customer.password });
    const response = await app.request(
      "http://127.0.0.1:3000/api/auth/public/login",
      { method: "POST", ...chunked(body), headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" } },
      { incoming: { socket: { remoteAddress: "127.0.0.1", remotePort: 50_000, remoteFamily: "IPv4" } } },
    );
    expect(response.status).toBe(200);
    expect(seen).toEqual(["203.0.113.9"]);
  });
});
