import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffEventResponseSchema, type StaffEvent } from "../../core/contracts/staff-catalogue";
import type { DatabaseHandle } from "../../server/db/client";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createApp } from "../../server/http/create-app";
import { folderImageStore, type ImageStore } from "../../server/deps/image-store";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * Event images shared by events (decisions 040 and 044): the same picture on two events (a duplicated
 * event, or the same photo uploaded twice) is one set of content-hashed files. Replacing or removing
 * it on one event must leave the other's files served, also while the other is still storing them;
 * the last event to let go of a picture takes its files with it.
 */

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
let uploadsDir: string;
let token = "";
const imagesDir = () => path.join(uploadsDir, "images");
const storedFiles = () => {
  try {
    return readdirSync(imagesDir()).sort();
  } catch {
    return [];
  }
};

/**
 * The folder store, with a hook before each file is written: a test can hold an upload after its
 * first file, while it is storing the rest.
 */
let beforePut: (name: string) => Promise<void> = async () => undefined;
function hookedStore(store: ImageStore): ImageStore {
  return { ...store, put: async (name, bytes) => (await beforePut(name), store.put(name, bytes)) };
}

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "event-image-sharing-")), "uploads");
  const { services, logIn } = createTestApi(database, { uploadsDir, imageStore: hookedStore(folderImageStore(path.join(uploadsDir, "images"))) });
  // The whole app: the media route serves the files; the API needs no page build.
  const build = () => Promise.reject<ServerBuild>(new Error("no pages in this test"));
  app = createApp({ services, build, mode: "test", pageCacheSeconds: 0, logError: () => undefined });
  token = (await logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

/** A photo-like picture (noise), different for each `seed`: 600 px wide, so one width, a WebP and a JPEG file. */
const picture = (seed: number) =>
  sharp(
    Buffer.alloc(600 * 375 * 3, 0).map((_, index) => (index * 7919 + seed * 104_729) % 251),
    { raw: { width: 600, height: 375, channels: 3 } },
  )
    .jpeg()
    .toBuffer();

const bearer = () => ({ authorization: `Bearer ${token}` });
const staffEvent = async (response: Response, status = 200): Promise<StaffEvent> => {
  expect(response.status).toBe(status);
  return staffEventResponseSchema.parse(await response.json()).data;
};
const upload = async (eventId: string, file: Buffer) => {
  const body = new FormData();
  body.append("image_alt.en", "A fairway by the sea");
  body.append("file", new Blob([new Uint8Array(file)], { type: "image/jpeg" }), "photo.jpg");
  return staffEvent(await app.request(`/api/staff/events/${eventId}/image`, { method: "POST", body, headers: bearer() }));
};
const removeImage = async (eventId: string) => staffEvent(await app.request(`/api/staff/events/${eventId}/image`, { method: "DELETE", headers: bearer() }));
const duplicate = async (eventId: string, startsOn: string) =>
  staffEvent(
    await app.request(`/api/staff/events/${eventId}/duplicate`, {
      method: "POST",
      headers: { ...bearer(), "content-type": "application/json" },
      body: JSON.stringify({ starts_on: startsOn, ends_on: startsOn }),
    }),
    201,
  );
const readEvent = async (eventId: string) => staffEvent(await app.request(`/api/staff/events/${eventId}`, { headers: bearer() }));

/** Every file the event's image names, as the media route answers it. */
const served = async (event: StaffEvent) => {
  const urls = (event.image?.files ?? []).map((file) => file.url);
  expect(urls).toHaveLength(2);
  return Promise.all(urls.map(async (url) => ({ url, status: (await app.request(url)).status })));
};
const allServed = async (event: StaffEvent) => {
  for (const { status } of await served(event)) expect(status).toBe(200);
};
const keyOf = (event: StaffEvent) => path.basename(event.image!.src).split("-")[0]!;
const filesOfKey = (key: string) => storedFiles().filter((name) => name.startsWith(`${key}-`));

describe("one picture on two events", () => {
  it("a duplicated event keeps its image when the source's is replaced, then removed; the last one to let go removes the files", async () => {
    const source = await upload(seedIds.events.golfYogaTrip, await picture(1));
    const copy = await duplicate(seedIds.events.golfYogaTrip, "2031-05-01");
    expect(copy.image?.src).toBe(source.image?.src);
    const shared = keyOf(source);

    const replaced = await upload(seedIds.events.golfYogaTrip, await picture(2));
    expect(keyOf(replaced)).not.toBe(shared);
    await allServed(await readEvent(copy.uuid));
    await allServed(replaced);

    await removeImage(seedIds.events.golfYogaTrip);
    await allServed(await readEvent(copy.uuid));
    expect(filesOfKey(keyOf(replaced))).toEqual([]);

    await removeImage(copy.uuid);
    expect(filesOfKey(shared)).toEqual([]);
    for (const { status } of await served(copy)) expect(status).toBe(404);
  });

  it("the same file uploaded to two events at once: removing it from one leaves the other's files; removing it from both removes them", async () => {
    const bytes = await picture(3);
    const [first, second] = await Promise.all([upload(seedIds.events.trackDayTwoDays, bytes), upload(seedIds.events.golfCircleTournament, bytes)]);
    expect(keyOf(first!)).toBe(keyOf(second!));

    await removeImage(seedIds.events.trackDayTwoDays);
    await allServed(await readEvent(seedIds.events.golfCircleTournament));

    await removeImage(seedIds.events.golfCircleTournament);
    expect(filesOfKey(keyOf(first!))).toEqual([]);
  });

  it("an upload still storing its files when another event lets go of the same picture keeps them all", async () => {
    const bytes = await picture(4);
    const first = await upload(seedIds.events.trackDayTwoDays, bytes);
    const key = keyOf(first);

    // The second upload of the same picture stops after its first file, before the event names it.
    let release = () => undefined as void;
    let puts = 0;
    let reachedSecondFile = () => undefined as void;
    const paused = new Promise<void>((resolve) => (reachedSecondFile = resolve));
    beforePut = async () => {
      puts += 1;
      if (puts !== 2) return;
      reachedSecondFile();
      await new Promise<void>((resolve) => (release = resolve));
    };
    const storing = upload(seedIds.events.golfCircleTournament, bytes);
    await paused;
    // The first event lets go meanwhile: its removal may not delete what the second is storing.
    const removing = removeImage(seedIds.events.trackDayTwoDays);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const [second] = await Promise.all([storing, removing]);
    beforePut = async () => undefined;

    expect(keyOf(second)).toBe(key);
    expect(filesOfKey(key)).toHaveLength(2);
    await allServed(await readEvent(seedIds.events.golfCircleTournament));

    await removeImage(seedIds.events.golfCircleTournament);
    expect(filesOfKey(key)).toEqual([]);
  });
});
