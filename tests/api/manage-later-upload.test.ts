import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { manageBookingResponseSchema } from "../../core/contracts/manage-booking";
import { uploadResponseSchema } from "../../core/contracts/uploads";
import { operatorToday } from "../../core/domain/dates";
import { manageLinkToken } from "../../server/bookings/manage-links";
import type { DatabaseHandle } from "../../server/db/client";
import { bookingEvents, bookings, events, formItems, forms, uploads } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { publishDraftAsVersion } from "../../server/db/form-versions";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createDraftBooking, createHeldCardBooking } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Uploads after checkout through "manage my booking" (decision 023): an upload item the form marks
 * "may be completed later" takes its file through the signed link until the form's deadline, with the
 * booking pages' checks; anything else is refused and leaves the database and the upload folder as they were.
 */

const secret = "test-secret-of-at-least-thirty-two-characters";
const eventId = seedIds.events.golfYogaTrip;
let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
let uploadsDir: string;
const media = (name: string) => readFileSync(path.resolve("tests/fixtures/media", name));

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "manage-later-upload-")), "uploads");
  api = createTestApi(database, { uploadsDir });
  await database.db.update(events).set({ capacity: 500 }).where(eq(events.id, eventId));
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${seedIds.forms.golfYogaTrip}`)).json()).data;
  // The trip's introduction video may be sent after checkout in this file's world.
  await database.db
    .update(formItems)
    .set({ options: sql`${formItems.options} || '{"completableLater":true}'::jsonb` })
    .where(eq(formItems.id, itemNamed("intro_video").uuid));
  // Published as the builder would (decision 036): the bookings made below are made on that version.
  await publishDraftAsVersion(database.db, seedIds.forms.golfYogaTrip, null, new Date());
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

function itemNamed(name: string) {
  const found = form.pages.flatMap((page) => page.items).find((item) => item.name === name);
  if (!found) throw new Error(`no item ${name}`);
  return found;
}

const tokenOf = (bookingId: string, generation = 0) => manageLinkToken(secret, { id: bookingId, manageLinkGeneration: generation });

function uploadLater(token: string, itemUuid: string, file: { name: string; bytes: Buffer<ArrayBuffer> }, locale = "en") {
  const body = new FormData();
  body.append("item_uuid", itemUuid);
  body.append("file", new Blob([file.bytes], { type: "application/octet-stream" }), file.name);
  return api.app.request(`/api/booking/manage/${token}/upload`, { method: "POST", body, headers: { "accept-language": locale } });
}

async function bookedTrip() {
  const { bookingId } = await createHeldCardBooking(database.db, eventId);
  return bookingId;
}

async function answersOf(bookingId: string) {
  const [row] = await database.db.select({ answers: bookings.answers }).from(bookings).where(eq(bookings.id, bookingId));
  return row?.answers ?? {};
}

/** Every file in the upload folder belongs to an upload row and the other way round. */
async function expectDiskMatchesDatabase() {
  const files = existsSync(uploadsDir) ? readdirSync(uploadsDir).sort() : [];
  const rows = (await database.db.select({ key: uploads.storageKey }).from(uploads)).map((row) => row.key).sort();
  expect(files).toEqual(rows);
}

async function expectRefusedUnchanged(send: () => Response | Promise<Response>, status: number, message?: string) {
  const before = await snapshotDatabase(database.db);
  const response = await send();
  expect(response.status).toBe(status);
  const body = errorResponseSchema.parse(await response.json());
  if (message) expect(body.message).toBe(message);
  expect(await snapshotDatabase(database.db)).toEqual(before);
  await expectDiskMatchesDatabase();
  return body;
}

describe("POST api/booking/manage/{token}/upload", () => {
  it("stores the file of an item marked for later as its answer with one audit row; a second file replaces the first", async () => {
    const bookingId = await bookedTrip();
    const video = itemNamed("intro_video").uuid;
    const first = await uploadLater(tokenOf(bookingId), video, { name: "hello.mp4", bytes: media("clip-10s.mp4") });
    expect(first.status).toBe(201);
    const { data } = uploadResponseSchema.parse(await first.json());
    expect(data).toMatchObject({ item_uuid: video, name: "hello.mp4", media_type: "video/mp4" });
    expect(data.duration_seconds).toBeCloseTo(10, 0);
    expect((await answersOf(bookingId))[video]).toBe(data.uuid);
    const audit = await database.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, bookingId)).orderBy(asc(bookingEvents.id));
    expect(audit.at(-1)).toMatchObject({
      fromStatus: "submitted",
      toStatus: "submitted",
      details: { action: "later_upload_stored", items: [video], upload: data.uuid, replaced: false },
    });

    const second = await uploadLater(tokenOf(bookingId), video, { name: "better.webm", bytes: media("clip-10s.webm") });
    expect(second.status).toBe(201);
    const replaced = uploadResponseSchema.parse(await second.json()).data;
    expect((await answersOf(bookingId))[video]).toBe(replaced.uuid);
    expect(await database.db.select().from(uploads).where(eq(uploads.bookingId, bookingId))).toHaveLength(1);
    await expectDiskMatchesDatabase();

    // The page's view shows the file as the item's answer and among the booking's files.
    const { data: view } = manageBookingResponseSchema.parse(await (await api.app.request(`/api/booking/manage/${tokenOf(bookingId)}`)).json());
    expect(view.uploads.map((upload) => upload.name)).toEqual(["better.webm"]);
    expect(view.later_details.answers[video]).toBe(replaced.uuid);
  });

  it("refuses a file for an item not marked for later, per item, changing nothing", async () => {
    const bookingId = await bookedTrip();
    const certificate = itemNamed("golf.handicap_certificate").uuid;
    const body = await expectRefusedUnchanged(() => uploadLater(tokenOf(bookingId), certificate, { name: "certificate.png", bytes: media("still.png") }), 422);
    expect(body.errors?.[certificate]).toEqual(["This item cannot be changed after booking."]);
  });

  it("checks the file as the booking pages do: a video too long or a file of the wrong type is refused in the visitor's language", async () => {
    const bookingId = await bookedTrip();
    const video = itemNamed("intro_video").uuid;
    const tooLong = await expectRefusedUnchanged(() => uploadLater(tokenOf(bookingId), video, { name: "long.mp4", bytes: media("clip-45s.mp4") }, "de"), 422);
    expect(tooLong.errors?.[video]?.[0]).toMatch(/30 Sekunden/);
    const wrongType = await expectRefusedUnchanged(() => uploadLater(tokenOf(bookingId), video, { name: "fake.mp4", bytes: media("png-named-as.mp4") }), 422);
    expect(wrongType.errors?.[video]?.[0]).toBe("This type of file is not accepted here. Please upload MP4, MOV, or WebM.");
  });

  it("a wrong, revoked or draft link is refused before the file is stored", async () => {
    const bookingId = await bookedTrip();
    const draftId = await createDraftBooking(database.db, eventId);
    const video = itemNamed("intro_video").uuid;
    const file = { name: "hello.mp4", bytes: media("clip-10s.mp4") };
    await expectRefusedUnchanged(() => uploadLater("not-a-token", video, file), 404);
    await expectRefusedUnchanged(() => uploadLater(tokenOf(draftId), video, file), 404);
    await expectRefusedUnchanged(() => uploadLater(tokenOf(bookingId, 3), video, file), 404);
    await database.db.update(bookings).set({ manageLinkGeneration: 1 }).where(eq(bookings.id, bookingId));
    await expectRefusedUnchanged(() => uploadLater(tokenOf(bookingId), video, file), 410);
    expect((await uploadLater(tokenOf(bookingId, 1), video, file)).status).toBe(201);
  });

  it("after the form's deadline: 409, and nothing is stored", async () => {
    const bookingId = await bookedTrip();
    const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
    const daysToStart = Math.round((Date.parse(event?.startsOn ?? "") - Date.parse(operatorToday(new Date()))) / 86_400_000);
    await database.db
      .update(forms)
      .set({ laterDetailsDaysBeforeEvent: daysToStart + 1 })
      .where(eq(forms.id, seedIds.forms.golfYogaTrip));
    try {
      await expectRefusedUnchanged(
        () => uploadLater(tokenOf(bookingId), itemNamed("intro_video").uuid, { name: "hello.mp4", bytes: media("clip-10s.mp4") }),
        409,
        "The deadline for completing these details has passed.",
      );
    } finally {
      await database.db.update(forms).set({ laterDetailsDaysBeforeEvent: null }).where(eq(forms.id, seedIds.forms.golfYogaTrip));
    }
  });

  it("the booking pages' endpoint still refuses a submitted booking", async () => {
    const { bookingId, token } = await createHeldCardBooking(database.db, eventId);
    const body = new FormData();
    body.append("item_uuid", itemNamed("intro_video").uuid);
    body.append("booking_token", token);
    body.append("file", new Blob([media("clip-10s.mp4")]), "hello.mp4");
    await expectRefusedUnchanged(() => api.app.request(`/api/booking/${bookingId}/upload`, { method: "POST", body }), 409);
  });
});
