import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openBookingResponseSchema } from "../../core/contracts/bookings";
import { publicFormResponseSchema, type PublicForm } from "../../core/contracts/forms";
import { uploadResponseSchema } from "../../core/contracts/uploads";
import { draftRetention, purgeDraftsJob, purgeStaleDrafts, runDraftPurge, scheduleDraftPurge } from "../../server/bookings/purge-drafts";
import type { DatabaseHandle } from "../../server/db/client";
import { bookings, jobs, participants, uploads } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { folderFileStore } from "../../server/deps/file-store";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/** Every GET of a booking page starts a draft: stale ones and their files must not pile up. */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let form: PublicForm;
let uploadsDir: string;
const formId = seedIds.forms.golfYogaTrip;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "draft-purge-")), "uploads");
  api = createTestApi(database, { uploadsDir });
  form = publicFormResponseSchema.parse(await (await api.get(`/api/form/public/${formId}`)).json()).data;
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

async function newDraft() {
  const body = openBookingResponseSchema.parse(await (await api.get(`/api/booking/public/${formId}`)).json());
  if (!body.booking_token) throw new Error("a new draft comes with its token");
  return { uuid: body.data.uuid, token: body.booking_token };
}

/** Moves a draft into the past: created `ageMs` ago, last saved `savedAgoMs` ago (equal: never saved). */
async function age(bookingId: string, ageMs: number, savedAgoMs = ageMs) {
  const now = Date.now();
  await database.db
    .update(bookings)
    .set({ createdAt: new Date(now - ageMs), updatedAt: new Date(now - savedAgoMs) })
    .where(eq(bookings.id, bookingId));
}

const hour = 3600_000;
const day = 24 * hour;

describe("purging stale drafts", () => {
  it("deletes drafts never saved after a day and any draft after 30 days, with their files; keeps the rest", async () => {
    const openedOnly = await newDraft();
    await age(openedOnly.uuid, day + hour);
    const openedRecently = await newDraft();
    await age(openedRecently.uuid, day - hour);
    const savedLastWeek = await newDraft();
    await age(savedLastWeek.uuid, 10 * day, 7 * day);
    const abandoned = await newDraft();
    // An upload counts as work: an old upload-only draft stays until the 30 days are over.
    const video = form.pages.flatMap((page) => page.items).find((item) => item.name === "intro_video");
    if (!video) throw new Error("the trip has a video item");
    const body = new FormData();
    body.append("item_uuid", video.uuid);
    body.append("booking_token", abandoned.token);
    body.append("file", new Blob([readFileSync(path.resolve("tests/fixtures/media", "clip-10s.mp4"))], { type: "video/mp4" }), "clip-10s.mp4");
    const uploaded = uploadResponseSchema.parse(await (await api.app.request(`/api/booking/${abandoned.uuid}/upload`, { method: "POST", body })).json()).data;
    const [stored] = await database.db.select().from(uploads).where(eq(uploads.id, uploaded.uuid));
    if (!stored) throw new Error("upload row");
    const file = path.join(uploadsDir, stored.storageKey);
    expect(existsSync(file)).toBe(true);
    await age(abandoned.uuid, 2 * day);
    const first = await purgeStaleDrafts(database.db, { now: new Date(), files: folderFileStore(uploadsDir) });
    expect(first.files).toBe(0);
    expect(existsSync(file)).toBe(true);

    await age(abandoned.uuid, 31 * day);
    const submitted = await newDraft();
    await database.db
      .update(bookings)
      .set({ status: "confirmed", code: `GC-PURGE${Date.now() % 100}` })
      .where(eq(bookings.id, submitted.uuid));
    await age(submitted.uuid, 400 * day);

    const second = await purgeStaleDrafts(database.db, { now: new Date(), files: folderFileStore(uploadsDir) });
    const ids = [openedOnly, openedRecently, savedLastWeek, abandoned, submitted].map((draft) => draft.uuid);
    const left = new Set((await database.db.select({ id: bookings.id }).from(bookings).where(inArray(bookings.id, ids))).map((row) => row.id));
    expect(left).toEqual(new Set([openedRecently.uuid, savedLastWeek.uuid, submitted.uuid]));
    expect(first.drafts + second.drafts).toBeGreaterThanOrEqual(2);
    expect(second.files).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(
      await database.db
        .select()
        .from(participants)
        .where(inArray(participants.bookingId, [openedOnly.uuid, abandoned.uuid])),
    ).toEqual([]);
    expect(draftRetention.savedMs).toBe(30 * day);
  });

  it("schedules one clean-up at boot, and each run schedules the next", async () => {
    await scheduleDraftPurge(database.db, new Date());
    await scheduleDraftPurge(database.db, new Date());
    const pending = await database.db.select().from(jobs).where(eq(jobs.kind, purgeDraftsJob));
    expect(pending.filter((job) => job.doneAt === null)).toHaveLength(1);
    const now = new Date();
    await runDraftPurge(database.db, { now, files: folderFileStore(uploadsDir) });
    const after = (await database.db.select().from(jobs).where(eq(jobs.kind, purgeDraftsJob))).filter((job) => job.doneAt === null);
    expect(after.map((job) => job.runAt.getTime()).sort()).toContain(now.getTime() + 6 * hour);
  });
});
