import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DeleteObjectCommand } from "@aws-sdk/client-s3";
import { eq, sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { staffEventResponseSchema } from "../../core/contracts/staff-catalogue";
import { uploadResponseSchema } from "../../core/contracts/uploads";
import { anonymousActor } from "../../core/domain/permissions";
import { purgeStaleDrafts } from "../../server/bookings/purge-drafts";
import { manageLinkToken } from "../../server/bookings/manage-links";
import type { DatabaseHandle } from "../../server/db/client";
import { publishDraftAsVersion } from "../../server/db/form-versions";
import { bookings, events, formItems, uploads } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createApp } from "../../server/http/create-app";
import { createUploadStorage, type UploadStorage } from "../../server/uploads/upload-storage";
import { createTestApi } from "../support/api-client";
import { createHeldCardBooking } from "../support/factories";
import { startS3Server, type S3TestServer } from "../support/s3-server";
import { createTestDatabase } from "../support/test-database";

/**
 * Uploads in an S3 bucket (decision 049), against a real S3 server (s3rver): a file taken by one app
 * process is read back byte for byte by another that shares only the database and the bucket; a
 * refused file never reaches the bucket; replaced, purged and removed files leave it; nothing of an
 * upload stays on the machine that received it. Event images go to the same bucket under `images/`.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
const formId = seedIds.forms.golfYogaTrip;
const eventId = seedIds.events.golfYogaTrip;
let database: DatabaseHandle;
let s3: S3TestServer;
let root: string;
let storage: UploadStorage;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
/** A staff login, once: the second factor takes each code only once, whichever process asks. */
let staffToken = "";
const media = (name: string) => readFileSync(path.resolve("tests/fixtures/media", name));

beforeAll(async () => {
  database = await createTestDatabase();
  s3 = await startS3Server();
  root = mkdtempSync(path.join(tmpdir(), "s3-uploads-"));
  // As main.ts builds it from S3_*: the bucket for files and images, the data folder only for files still arriving.
  storage = createUploadStorage({ dataDir: path.join(root, "one"), s3: s3.config });
  await storage.check();
  api = createTestApi(database, { uploadsDir: path.join(root, "one", "uploads"), fileStore: storage.files, imageStore: storage.images });
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
  // The introduction video may be sent after checkout here, so that a submitted booking gets a file through the manage link.
  await database.db
    .update(formItems)
    .set({ options: sql`${formItems.options} || '{"completableLater":true}'::jsonb` })
    .where(eq(formItems.id, itemNamed("intro_video").uuid));
  await publishDraftAsVersion(database.db, formId, null, new Date());
  staffToken = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
});
afterAll(async () => {
  await database.close();
  await s3.stop();
  rmSync(root, { recursive: true, force: true });
});

function itemNamed(name: string) {
  const found = form.pages.flatMap((page) => page.items).find((item) => item.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
}

/** What of uploads lies on the receiving machine: nothing, once an upload was answered. */
const localFiles = () =>
  ["uploads", "uploads-incoming"].flatMap((folder) => {
    const dir = path.join(root, "one", folder);
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String) : [];
  });
const objectOf = (storageKey: string) => `uploads/${storageKey}`;
const uploadObjects = () => s3.keys("uploads/");
const rowKeys = async () => (await database.db.select({ key: uploads.storageKey }).from(uploads)).map((row) => objectOf(row.key)).sort();

async function newDraft() {
  const body = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`)).json());
  if (!body.booking_token) throw new Error("a new draft comes with its token");
  return { uuid: body.data.uuid, token: body.booking_token };
}

function send(url: string, fields: Record<string, string>, file: { name: string; bytes: Buffer }, via = api) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", new Blob([new Uint8Array(file.bytes)], { type: "application/octet-stream" }), file.name);
  return via.app.request(url, { method: "POST", body });
}
const draftUpload = (draft: { uuid: string; token: string }, item: string, file: { name: string; bytes: Buffer }, via = api) =>
  send(`/api/booking/${draft.uuid}/upload`, { item_uuid: item, booking_token: draft.token }, file, via);

const bytesOf = async (body: ReadableStream<Uint8Array>) => Buffer.from(await new Response(body).arrayBuffer());

describe("booking uploads in S3", () => {
  it("a draft's file goes to the bucket byte for byte, checked on this machine first; a replacement removes the first object", async () => {
    const draft = await newDraft();
    const video = itemNamed("intro_video").uuid;
    const first = await draftUpload(draft, video, { name: "hello.mp4", bytes: media("clip-10s.mp4") });
    expect(first.status).toBe(201);
    const stored = uploadResponseSchema.parse(await first.json()).data;
    // The length was read from the local file before it went to the bucket.
    expect(stored.duration_seconds).toBeCloseTo(10, 0);
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, stored.uuid));
    expect(await uploadObjects()).toEqual([objectOf(row!.storageKey)]);
    const object = await storage.files.open(row!.storageKey);
    expect(object?.sizeBytes).toBe(media("clip-10s.mp4").length);
    expect((await bytesOf(object!.body)).equals(media("clip-10s.mp4"))).toBe(true);
    expect(localFiles()).toEqual([]);

    const second = await draftUpload(draft, video, { name: "better.webm", bytes: media("clip-10s.webm") });
    expect(second.status).toBe(201);
    expect(await uploadObjects()).toEqual(await rowKeys());
    expect(await uploadObjects()).not.toContain(objectOf(row!.storageKey));
    expect(localFiles()).toEqual([]);
  });

  it("a refused file (wrong type, too long, too large, over the draft's budget) leaves no object and nothing local", async () => {
    const draft = await newDraft();
    const video = itemNamed("intro_video").uuid;
    const certificate = itemNamed("golf.handicap_certificate").uuid;
    const before = await uploadObjects();
    expect((await draftUpload(draft, video, { name: "fake.mp4", bytes: media("png-named-as.mp4") })).status).toBe(422);
    expect((await draftUpload(draft, video, { name: "long.mp4", bytes: media("clip-45s.mp4") })).status).toBe(422);
    const huge = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(11 * 1024 * 1024)]);
    expect((await draftUpload(draft, certificate, { name: "huge.pdf", bytes: huge })).status).toBe(413);
    const tight = createTestApi(database, { uploadsDir: path.join(root, "one", "uploads"), fileStore: storage.files, uploadBytesPerDraft: 20_000 });
    expect((await draftUpload(draft, video, { name: "hello.mp4", bytes: media("clip-10s.mp4") }, tight)).status).toBe(413);
    expect(await uploadObjects()).toEqual(before);
    expect(localFiles()).toEqual([]);
  });

  it("a submitted booking's file, sent through one process, is read back byte for byte by another: the staff download and the manage link", async () => {
    const { bookingId } = await createHeldCardBooking(database.db, eventId);
    const token = manageLinkToken(secret, { id: bookingId, manageLinkGeneration: 0 });
    const bytes = media("clip-10s.mov");
    const sent = await send(`/api/booking/manage/${token}/upload`, { item_uuid: itemNamed("intro_video").uuid }, { name: "Intro clip.mov", bytes });
    expect(sent.status).toBe(201);
    const { uuid: uploadId } = uploadResponseSchema.parse(await sent.json()).data;

    // Another process on another machine: its own S3 client and data folder, the same database and bucket.
    const otherStorage = createUploadStorage({ dataDir: path.join(root, "two"), s3: s3.config });
    const other = createTestApi(database, { uploadsDir: path.join(root, "two", "uploads"), fileStore: otherStorage.files, imageStore: otherStorage.images });
    const download = await other.get(`/api/staff/bookings/${bookingId}/uploads/${uploadId}`, { authorization: `Bearer ${staffToken}` });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("video/quicktime");
    expect(download.headers.get("content-length")).toBe(String(bytes.length));
    expect(download.headers.get("content-disposition")).toContain("attachment");
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const managed = await other.services.manage.uploadFile(anonymousActor, { token, uploadId });
    expect(managed.sizeBytes).toBe(bytes.length);
    expect((await bytesOf(managed.body)).equals(bytes)).toBe(true);

    // An object gone from the bucket (a restored database, a cleaned bucket) is "not found", not a broken stream.
    const [row] = await database.db.select().from(uploads).where(eq(uploads.id, uploadId));
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: objectOf(row!.storageKey) }));
    expect((await other.get(`/api/staff/bookings/${bookingId}/uploads/${uploadId}`, { authorization: `Bearer ${staffToken}` })).status).toBe(404);
    await expect(other.services.manage.uploadFile(anonymousActor, { token, uploadId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("the draft purge removes a stale draft's objects", async () => {
    const draft = await newDraft();
    expect((await draftUpload(draft, itemNamed("intro_video").uuid, { name: "hello.mp4", bytes: media("clip-10s.mp4") })).status).toBe(201);
    const [row] = await database.db.select().from(uploads).where(eq(uploads.bookingId, draft.uuid));
    expect(await uploadObjects()).toContain(objectOf(row!.storageKey));
    await database.db
      .update(bookings)
      .set({ updatedAt: new Date(Date.now() - 40 * 24 * 3600_000) })
      .where(eq(bookings.id, draft.uuid));
    await purgeStaleDrafts(database.db, { now: new Date(), files: storage.files });
    expect(await uploadObjects()).not.toContain(objectOf(row!.storageKey));
  });
});

describe("event images in S3", () => {
  it("an event image's files go to the bucket under images/, are served from it, and leave it when the image is removed", async () => {
    const app = createApp({
      services: api.services,
      build: () => Promise.reject<ServerBuild>(new Error("no pages")),
      mode: "test",
      pageCacheSeconds: 0,
      logError: () => undefined,
    });
    const photo = await sharp({ create: { width: 600, height: 375, channels: 3, background: { r: 20, g: 120, b: 60 } } })
      .jpeg()
      .toBuffer();
    const body = new FormData();
    body.append("image_alt.en", "A fairway by the sea");
    body.append("file", new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), "photo.jpg");
    const uploaded = await app.request(`/api/staff/events/${seedIds.events.trackDayTwoDays}/image`, {
      method: "POST",
      body,
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(uploaded.status).toBe(200);
    const files = staffEventResponseSchema.parse(await uploaded.json()).data.image?.files ?? [];
    expect(files.length).toBeGreaterThan(0);
    expect(await s3.keys("images/")).toEqual(files.map((file) => `images/${path.basename(file.url)}`).sort());
    for (const file of files) {
      const served = await app.request(file.url);
      expect(served.status).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect(existsSync(path.join(root, "one", "uploads", "images"))).toBe(false);

    const removed = await app.request(`/api/staff/events/${seedIds.events.trackDayTwoDays}/image`, {
      method: "DELETE",
      headers: { authorization: `Bearer ${staffToken}` },
    });
    expect(removed.status).toBe(200);
    expect(await s3.keys("images/")).toEqual([]);
    for (const file of files) expect((await app.request(file.url)).status).toBe(404);
  });
});
