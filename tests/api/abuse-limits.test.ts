import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import type { DatabaseHandle } from "../../server/db/client";
import { draftsPerClientPerHour } from "../../server/bookings/draft-limiter";
import { bookings, uploads } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

const formId = seedIds.forms.golfYogaTrip;
const media = (name: string) => readFileSync(path.resolve("tests/fixtures/media", name));

let database: DatabaseHandle;
let uploadsDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "abuse-limits-")), "uploads");
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

async function newDraft(api: ReturnType<typeof createTestApi>) {
  const body = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`)).json());
  if (!body.booking_token) throw new Error("a new draft comes with its token");
  return { uuid: body.data.uuid, token: body.booking_token };
}

function itemOf(form: PublicForm, name: string) {
  const found = form.pages.flatMap((page) => page.items).find((item) => item.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
}

/** What @hono/node-server hands the app as `env`: the socket the request came in on. */
const socketOf = (address: string) => ({
  incoming: { socket: { remoteAddress: address, remotePort: 50_000, remoteFamily: address.includes(":") ? "IPv6" : "IPv4" } },
});

describe("drafts per client address", () => {
  it("allow 60 new drafts an hour by default (DRAFTS_PER_CLIENT_PER_HOUR): buyers behind one carrier NAT or office share it", () => {
    expect(draftsPerClientPerHour).toBe(60);
  });

  it("open at most the allowance of new drafts an hour from one address, then answer a localized 429; resuming still works", async () => {
    let now = new Date("2026-03-01T10:00:00Z");
    const api = createTestApi(database, { now: () => now, draftsPerClientPerHour: 10 });
    const opened = [];
    for (let count = 0; count < 10; count += 1) opened.push(await newDraft(api));

    const refused = await api.get(`/api/booking/public/${formId}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(errorResponseSchema.parse(await refused.json())).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: "You have started many bookings from this connection in the last hour. Please continue one of them, or try again in 60 minutes.",
    });
    const german = await api.get(`/api/booking/public/${formId}`, { "accept-language": "de" });
    expect(german.status).toBe(429);
    expect(errorResponseSchema.parse(await german.json()).message).toMatch(/^Über diese Verbindung wurden in der letzten Stunde viele Buchungen begonnen/);

    // A draft already opened is resumed with its token: that is no new draft.
    const first = opened[0];
    if (!first) throw new Error("no draft");
    const resumed = await api.get(`/api/booking/public/${formId}?bookingToken=${first.token}&bookingUuid=${first.uuid}`);
    expect(resumed.status).toBe(200);

    now = new Date(now.getTime() + 60 * 60_000);
    expect((await api.get(`/api/booking/public/${formId}`)).status).toBe(200);
  });

  it("scale the allowance with RATE_LIMIT_MULTIPLIER", async () => {
    const api = createTestApi(database, { rateLimitMultiplier: 3, draftsPerClientPerHour: 10 });
    for (let count = 0; count < 30; count += 1) expect((await api.get(`/api/booking/public/${formId}`)).status).toBe(200);
    expect((await api.get(`/api/booking/public/${formId}`)).status).toBe(429);
  });

  it("count an IPv6 client by its /64 network: a fresh address of the same network gets no fresh allowance", async () => {
    const api = createTestApi(database, { draftsPerClientPerHour: 3 });
    const open = (address: string) => api.app.request(`/api/booking/public/${formId}`, {}, socketOf(address));
    for (let host = 1; host <= 3; host += 1) expect((await open(`2001:db8:1:2::${host}`)).status).toBe(200);
    expect((await open("2001:db8:1:2:ffff:eeee:dddd:cccc")).status).toBe(429);
    // Another network, and an IPv4 client, have allowances of their own.
    expect((await open("2001:db8:1:3::1")).status).toBe(200);
    expect((await open("::ffff:198.51.100.4")).status).toBe(200);
    expect((await open("198.51.100.4")).status).toBe(200);
    expect((await open("198.51.100.4")).status).toBe(200);
    expect((await open("::ffff:198.51.100.4")).status).toBe(429);
  });
});

describe("per-address limits of accounts", () => {
  it("count registrations of an IPv6 client by its /64 network", async () => {
    const { services } = createTestApi(database);
    const register = (address: string) =>
      services.accounts
        .register({
          request: { name: "N", first_name: "N", last_name: "N", email: `someone-${address}@example.test`, password: "short", password_confirmation: "short" },
          locale: "en",
          clientAddress: address,
        })
        .then(
          () => "registered",
          (error: unknown) => (error as { code?: string }).code,
        );
    // A weak password is refused after the limit counted the attempt: 10 an hour from one network.
    for (let host = 1; host <= 10; host += 1) expect(await register(`2001:db8:9:9::${host.toString(16)}`)).toBe("VALIDATION_FAILED");
    expect(await register("2001:db8:9:9:abcd::1")).toBe("TOO_MANY_REQUESTS");
    expect(await register("2001:db8:9:a::1")).toBe("VALIDATION_FAILED");
  });
});

describe("upload bytes per draft", () => {
  it("refuse a file that would take a draft's files past its budget with a localized 413; replacing a file still fits", async () => {
    const api = createTestApi(database, { uploadsDir, uploadBytesPerDraft: 32_000 });
    const form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
    const video = itemOf(form, "intro_video");
    const certificate = itemOf(form, "golf.handicap_certificate");
    const draft = await newDraft(api);
    const send = (itemUuid: string, name: string, locale = "en") => {
      const body = new FormData();
      body.append("item_uuid", itemUuid);
      body.append("booking_token", draft.token);
      body.append("file", new Blob([media(name)]), name);
      return api.app.request(`/api/booking/${draft.uuid}/upload`, { method: "POST", body, headers: { "accept-language": locale } });
    };

    expect((await send(video.uuid, "clip-10s.mp4")).status).toBe(201); // 30,915 bytes
    for (const [locale, message] of [
      ["en", "A booking may hold at most 0.031 MB of files, and this file would take it past that. Please replace a file instead of adding more."],
      [
        "de",
        "Eine Buchung darf höchstens 0,031 MB an Dateien enthalten, mit dieser Datei wären es mehr. Bitte ersetzen Sie eine Datei, statt weitere hinzuzufügen.",
      ],
    ] as const) {
      const refused = await send(certificate.uuid, "still.png", locale); // 1,998 more: 32,913 > 32,000
      expect(refused.status).toBe(413);
      const body = errorResponseSchema.parse(await refused.json());
      expect(body).toMatchObject({ code: "PAYLOAD_TOO_LARGE", message });
      expect(body.errors?.[certificate.uuid]).toEqual([message]);
    }
    // The video's file is replaced, not added to: 9,552 + 1,998 bytes fit.
    expect((await send(video.uuid, "clip-10s.mov")).status).toBe(201);
    expect((await send(certificate.uuid, "still.png")).status).toBe(201);
    const rows = await database.db.select().from(uploads).where(eq(uploads.bookingId, draft.uuid));
    expect(rows.map((row) => row.sizeBytes).sort()).toEqual([1998, 9552]);
    expect(readdirSync(uploadsDir).sort()).toEqual((await database.db.select({ key: uploads.storageKey }).from(uploads)).map((row) => row.key).sort());
  });
});

describe("stalled uploads", () => {
  let server: Server;
  let port: number;
  let stalledDir: string;
  let api: ReturnType<typeof createTestApi>;
  beforeAll(async () => {
    stalledDir = path.join(path.dirname(uploadsDir), "stalled");
    api = createTestApi(database, { uploadsDir: stalledDir, uploadIdleTimeoutMs: 1000 });
    server = createServer(getRequestListener(api.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("cut an upload that stops sending after the idle timeout: connection closed, partial file gone, nothing recorded", async () => {
    const form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
    const certificate = itemOf(form, "golf.handicap_certificate");
    const draft = await newDraft(api);
    const boundary = "stalled-upload-boundary";
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head =
      part("item_uuid", certificate.uuid) +
      part("booking_token", draft.token) +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`;
    const firstBytes = Buffer.concat([Buffer.from(head), Buffer.alloc(64 * 1024, 0x20)]);

    const socket = connect(port, "127.0.0.1");
    const startedAt = Date.now();
    let partialSeen = false;
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now() - startedAt)));
    socket.on("error", () => undefined);
    socket.on("data", () => undefined);
    socket.write(
      `POST /api/booking/${draft.uuid}/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${5 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write(firstBytes);
    // The file is being written while the client is silent…
    const watch = setInterval(() => {
      if (existsSync(stalledDir) && readdirSync(stalledDir).some((file) => file.endsWith(".part"))) partialSeen = true;
    }, 50);
    const elapsed = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(-1), 10_000))]);
    clearInterval(watch);
    socket.destroy();

    expect(partialSeen).toBe(true);
    // …until the idle timeout (1 s here, 30 s by default) cuts it, long before Node's 300 s.
    expect(elapsed).toBeGreaterThanOrEqual(900);
    expect(elapsed).toBeLessThan(5000);
    await expect.poll(() => readdirSync(stalledDir)).toEqual([]);
    expect(await database.db.select().from(uploads).where(eq(uploads.bookingId, draft.uuid))).toEqual([]);
    const [row] = await database.db.select({ answers: bookings.answers }).from(bookings).where(eq(bookings.id, draft.uuid));
    expect(row?.answers).toEqual({});
  });
});
