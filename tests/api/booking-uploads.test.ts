import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { uploadResponseSchema } from "../../core/contracts/uploads";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, uploads } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
let uploadsDir: string;
const formId = seedIds.forms.golfYogaTrip;
const media = (name: string) => readFileSync(path.resolve("tests/fixtures/media", name));

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "booking-uploads-")), "uploads");
  api = createTestApi(database, { uploadsDir });
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

const itemNamed = (name: string) => {
  const found = form.pages.flatMap((page) => page.items).find((item) => item.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
};
const video = () => itemNamed("intro_video");
const certificate = () => itemNamed("golf.handicap_certificate");

async function newDraft() {
  const response = await api.get(`/api/booking/public/${formId}`);
  expect(response.status).toBe(200);
  const body = openBookingResponseSchema.parse(await response.json());
  if (!body.booking_token) throw new Error("a new draft comes with its token");
  return { uuid: body.data.uuid, token: body.booking_token };
}

type UploadRequest = {
  itemUuid?: string;
  token?: string;
  file?: { name: string; bytes: Buffer<ArrayBuffer>; type?: string };
  headers?: Record<string, string>;
};

function upload(bookingUuid: string, request: UploadRequest) {
  const body = new FormData();
  if (request.itemUuid) body.append("item_uuid", request.itemUuid);
  if (request.token) body.append("booking_token", request.token);
  // The client's type is deliberately wrong at times: the server must not care.
  if (request.file) body.append("file", new Blob([request.file.bytes], { type: request.file.type ?? "video/mp4" }), request.file.name);
  return api.app.request(`/api/booking/${bookingUuid}/upload`, { method: "POST", body, headers: request.headers ?? {} });
}

async function answersOf(bookingUuid: string) {
  const [row] = await database.db.select({ answers: bookings.answers }).from(bookings).where(eq(bookings.id, bookingUuid));
  return row?.answers ?? {};
}

/** Every file in the upload folder belongs to an upload row and the other way round: nothing half-written stays behind. */
async function expectDiskMatchesDatabase() {
  const files = existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : [];
  const rows = (await database.db.select({ key: uploads.storageKey }).from(uploads)).map((row) => row.key).sort();
  expect(files).toEqual(rows);
}

async function expectRefused(response: Response, status: number, itemUuid: string, message: string) {
  expect(response.status).toBe(status);
  const body = errorResponseSchema.parse(await response.json());
  expect(body.message).toBe(message);
  expect(body.errors?.[itemUuid]).toEqual([message]);
  await expectDiskMatchesDatabase();
}

describe("booking uploads", () => {
  it.each([
    ["clip-10s.mp4", "video/mp4"],
    ["clip-10s.mov", "video/quicktime"],
    ["clip-10s.webm", "video/webm"],
    ["clip-10s-fragmented.mp4", "video/mp4"],
  ])("accept the 10-second %s as %s and record it as the item's answer", async (name, mediaType) => {
    const booking = await newDraft();
    const bytes = media(name);
    const response = await upload(booking.uuid, { itemUuid: video().uuid, token: booking.token, file: { name, bytes, type: "application/octet-stream" } });
    expect(response.status).toBe(201);
    const { data } = uploadResponseSchema.parse(await response.json());
    expect(data).toMatchObject({ item_uuid: video().uuid, name, media_type: mediaType, size_bytes: bytes.length });
    expect(data.duration_seconds).toBeCloseTo(10, 0);
    expect(await answersOf(booking.uuid)).toEqual({ [video().uuid]: data.uuid });
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, data.uuid));
    expect(row).toMatchObject({ bookingId: booking.uuid, itemId: video().uuid, originalName: name, mediaType, sizeBytes: bytes.length });
    // Stored under a random name without the visitor's extension, byte for byte.
    expect(row?.storageKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(readFileSync(path.join(uploadsDir, row?.storageKey ?? "")).equals(bytes)).toBe(true);
    await expectDiskMatchesDatabase();
  });

  it("accept a PNG certificate for the file item, with no length", async () => {
    const booking = await newDraft();
    const response = await upload(booking.uuid, {
      itemUuid: certificate().uuid,
      token: booking.token,
      file: { name: "../../etc/hcp\u202Egnp.png", bytes: media("still.png") },
    });
    expect(response.status).toBe(201);
    const { data } = uploadResponseSchema.parse(await response.json());
    expect(data).toMatchObject({ media_type: "image/png", duration_seconds: null, name: "hcpgnp.png" });
  });

  it("refuse videos longer than 30 seconds, also when only the fragments tell", async () => {
    const booking = await newDraft();
    for (const name of ["clip-45s.mp4", "clip-40s-fragmented.mp4"]) {
      const response = await upload(booking.uuid, { itemUuid: video().uuid, token: booking.token, file: { name, bytes: media(name) } });
      await expectRefused(response, 422, video().uuid, "This video is too long: at most 30 seconds are allowed.");
    }
    expect(await answersOf(booking.uuid)).toEqual({});
  });

  it("refuse a PNG named .mp4 by its bytes, in German when asked", async () => {
    const booking = await newDraft();
    const request = { itemUuid: video().uuid, token: booking.token, file: { name: "clip.mp4", bytes: media("png-named-as.mp4"), type: "video/mp4" } };
    await expectRefused(await upload(booking.uuid, request), 422, video().uuid, "This type of file is not accepted here. Please upload MP4, MOV, or WebM.");
    await expectRefused(
      await upload(booking.uuid, { ...request, headers: { "accept-language": "de-DE" } }),
      422,
      video().uuid,
      "Dieser Dateityp wird hier nicht angenommen. Bitte laden Sie MP4, MOV oder WebM hoch.",
    );
    const tooLong = await upload(booking.uuid, { ...request, file: { name: "a.mp4", bytes: media("clip-45s.mp4") }, headers: { "accept-language": "de" } });
    await expectRefused(tooLong, 422, video().uuid, "Dieses Video ist zu lang: Erlaubt sind höchstens 30 Sekunden.");
    expect(await answersOf(booking.uuid)).toEqual({});
  });

  it("stop reading a file as soon as it passes the item's size: 413, nothing left on disk", async () => {
    const booking = await newDraft();
    const boundary = "upload-test-boundary";
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      part("item_uuid", certificate().uuid) +
        part("booking_token", booking.token) +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const endless = 200 * 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) {
          controller.enqueue(head);
          sent += head.length;
        } else if (sent < endless) {
          controller.enqueue(new Uint8Array(256 * 1024));
          sent += 256 * 1024;
        } else {
          controller.enqueue(Buffer.from(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const response = await api.app.request(`/api/booking/${booking.uuid}/upload`, {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    await expectRefused(response, 413, certificate().uuid, "This file is too large: at most 10 MB are allowed.");
    expect(sent).toBeLessThan(40 * 1024 * 1024);
    expect(await answersOf(booking.uuid)).toEqual({});
  });

  it("refuse a body whose declared length cannot fit before reading the file", async () => {
    const booking = await newDraft();
    const response = await upload(booking.uuid, {
      itemUuid: certificate().uuid,
      token: booking.token,
      file: { name: "small.png", bytes: media("still.png") },
      headers: { "content-length": String(11 * 1024 * 1024) },
    });
    await expectRefused(response, 413, certificate().uuid, "This file is too large: at most 10 MB are allowed.");
  });

  it("find nothing with a wrong or foreign token, or without one", async () => {
    const booking = await newDraft();
    const other = await newDraft();
    const file = { name: "clip.mp4", bytes: media("clip-10s.mp4") };
    for (const token of ["x".repeat(43), other.token, undefined]) {
      const response = await upload(booking.uuid, { itemUuid: video().uuid, token, file, headers: { "accept-language": "de" } });
      expect(response.status).toBe(404);
      expect(errorResponseSchema.parse(await response.json()).message).toBe("Diese Buchung wurde nicht gefunden oder der Link dazu ist ungültig.");
    }
    const unknownBooking = await upload("00000000-0000-4000-8000-000000000000", { itemUuid: video().uuid, token: booking.token, file });
    expect(unknownBooking.status).toBe(404);
    expect(await answersOf(booking.uuid)).toEqual({});
    await expectDiskMatchesDatabase();
  });

  it("take the token from the browser's booking cookie when the body has none", async () => {
    const booking = await newDraft();
    const cookie = `booking_token=${encodeURIComponent(`${formId}:${booking.uuid}:${booking.token}`)}`;
    const response = await upload(booking.uuid, { itemUuid: video().uuid, file: { name: "clip.webm", bytes: media("clip-10s.webm") }, headers: { cookie } });
    expect(response.status).toBe(201);
  });

  it("refuse uploads to a submitted booking", async () => {
    const booking = await newDraft();
    await database.db.update(bookings).set({ status: "submitted" }).where(eq(bookings.id, booking.uuid));
    const response = await upload(booking.uuid, { itemUuid: video().uuid, token: booking.token, file: { name: "clip.mp4", bytes: media("clip-10s.mp4") } });
    expect(response.status).toBe(409);
    expect(errorResponseSchema.parse(await response.json()).code).toBe("CONFLICT");
    await expectDiskMatchesDatabase();
  });

  it("refuse items that are no upload of this booking's form, and requests without a file", async () => {
    const booking = await newDraft();
    const otherForm = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${seedIds.forms.trackDayTwoDays}`)).json()).data;
    const file = { name: "clip.mp4", bytes: media("clip-10s.mp4") };
    for (const itemUuid of [itemNamed("main.forename").uuid, otherForm.pages[0]?.items[0]?.uuid ?? "", "00000000-0000-4000-8000-000000000000"]) {
      const response = await upload(booking.uuid, { itemUuid, token: booking.token, file });
      expect(response.status).toBe(422);
      expect(errorResponseSchema.parse(await response.json()).errors?.item_uuid).toEqual(["This booking's form has no file field with this id."]);
    }
    const withoutItem = await upload(booking.uuid, { token: booking.token, file });
    expect(withoutItem.status).toBe(422);
    const withoutFile = await upload(booking.uuid, { itemUuid: video().uuid, token: booking.token });
    await expectRefused(withoutFile, 422, video().uuid, "Please choose a file.");
    const notMultipart = await api.app.request(`/api/booking/${booking.uuid}/upload`, {
      method: "POST",
      body: JSON.stringify({ item_uuid: video().uuid }),
      headers: { "content-type": "application/json" },
    });
    expect(notMultipart.status).toBe(400);
    expect(await answersOf(booking.uuid)).toEqual({});
    await expectDiskMatchesDatabase();
  });

  it("replace an earlier upload: its row and its file are gone", async () => {
    const booking = await newDraft();
    const first = uploadResponseSchema.parse(
      await (await upload(booking.uuid, { itemUuid: video().uuid, token: booking.token, file: { name: "first.mp4", bytes: media("clip-10s.mp4") } })).json(),
    ).data;
    const [firstRow] = await database.db.select().from(uploads).where(eq(uploads.id, first.uuid));
    expect(existsSync(path.join(uploadsDir, firstRow?.storageKey ?? ""))).toBe(true);
    const second = await upload(booking.uuid, { itemUuid: video().uuid, token: booking.token, file: { name: "second.mov", bytes: media("clip-10s.mov") } });
    expect(second.status).toBe(201);
    const { data } = uploadResponseSchema.parse(await second.json());
    expect(await answersOf(booking.uuid)).toEqual({ [video().uuid]: data.uuid });
    const rows = await database.db.select().from(uploads).where(eq(uploads.bookingId, booking.uuid));
    expect(rows.map((row) => row.id)).toEqual([data.uuid]);
    expect(existsSync(path.join(uploadsDir, firstRow?.storageKey ?? ""))).toBe(false);
    // A refused replacement keeps the upload there is.
    const refused = await upload(booking.uuid, { itemUuid: video().uuid, token: booking.token, file: { name: "long.mp4", bytes: media("clip-45s.mp4") } });
    expect(refused.status).toBe(422);
    expect(await answersOf(booking.uuid)).toEqual({ [video().uuid]: data.uuid });
    await expectDiskMatchesDatabase();
  });
});
