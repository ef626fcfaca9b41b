import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorResponseSchema } from "../../core/contracts/errors";
import { maximumEventImageBytes } from "../../core/contracts/event-images";
import { publicEventsResponseSchema } from "../../core/contracts/events";
import { staffEventResponseSchema, type StaffEvent } from "../../core/contracts/staff-catalogue";
import type { DatabaseHandle } from "../../server/db/client";
import { events, staffAuditLog } from "../../server/db/schema";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { createStaffMember } from "../support/factories";
import { createTestDatabase } from "../support/test-database";

/**
 * Event images (decision 040): staff upload a JPEG, PNG or WebP (told by its bytes, at most 10 MB);
 * the server cuts it to 16:10, applies its EXIF orientation, drops its metadata and stores 480/960/1600
 * px wide WebP and JPEG files under `<uploads>/images`, named by a content hash. Refusals store nothing.
 */

let database: DatabaseHandle;
let api: ReturnType<typeof createTestApi>;
let uploadsDir: string;
const imagesDir = () => path.join(uploadsDir, "images");
const storedFiles = () => {
  try {
    return readdirSync(imagesDir()).sort();
  } catch {
    return [];
  }
};
const tokens = { customer: "", staff: "", admin: "", passwordOnlyStaff: "" };
const eventId = seedIds.events.golfYogaTrip;

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = path.join(mkdtempSync(path.join(tmpdir(), "event-images-")), "uploads");
  api = createTestApi(database, { uploadsDir });
  tokens.customer = (await api.logIn(demoAccounts.customer.email, demoAccounts.customer.password)).access_token;
  tokens.staff = (await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token;
  tokens.admin = (await api.logIn(demoAccounts.admin.email, demoAccounts.admin.password)).access_token;
  // A session from the password alone (as after a password change): no staff powers without the second factor.
  tokens.passwordOnlyStaff = (await api.services.accounts.startSession((await createStaffMember(database.db)).id)).access_token;
});
afterAll(async () => {
  await database.close();
  rmSync(path.dirname(uploadsDir), { recursive: true, force: true });
});

/** A photo-like picture (noise, so the encoders have something to do) of the given size. */
const picture = (width: number, height: number) =>
  sharp(
    Buffer.alloc(width * height * 3, 0).map((_, index) => (index * 7919) % 251),
    { raw: { width, height, channels: 3 } },
  );

const upload = (file: Buffer | string, options: { token?: string; name?: string; type?: string; fields?: Record<string, string>; language?: string } = {}) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(options.fields ?? {})) body.append(name, value);
  body.append("file", new Blob([typeof file === "string" ? file : new Uint8Array(file)], { type: options.type ?? "image/jpeg" }), options.name ?? "photo.jpg");
  return api.app.request(`/api/staff/events/${eventId}/image`, {
    method: "POST",
    body,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), "accept-language": options.language ?? "en" },
  });
};

describe("who may upload an event's image", () => {
  const matrix = [
    { caller: "anonymous", token: () => undefined, status: 401 },
    { caller: "customer", token: () => tokens.customer, status: 403 },
    { caller: "staff without the second factor", token: () => tokens.passwordOnlyStaff, status: 403 },
    { caller: "staff", token: () => tokens.staff, status: 200 },
    { caller: "admin", token: () => tokens.admin, status: 200 },
  ] as const;
  for (const { caller, token, status } of matrix) {
    it(`answers ${caller} ${status}`, async () => {
      const before = status === 200 ? null : { files: storedFiles(), rows: await snapshotDatabase(database.db) };
      const response = await upload(await picture(1000, 625).png().toBuffer(), { token: token(), name: "photo.png", type: "image/png" });
      expect(response.status).toBe(status);
      if (before) {
        expect(errorResponseSchema.parse(await response.json()).code).toBe(status === 401 ? "UNAUTHORIZED" : "FORBIDDEN");
        expect(storedFiles()).toEqual(before.files);
        expect(await snapshotDatabase(database.db)).toEqual(before.rows);
      }
    });
  }
});

describe("an uploaded image", () => {
  let event: StaffEvent;

  it("is cut to 16:10 and stored at 480, 960 and 1600 px as WebP and JPEG without metadata; the event and the public list name the files", async () => {
    // Stored on its side with EXIF orientation 6: upright it is 2000 × 1000, wide enough for every width.
    const sideways = await picture(1000, 2000).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const response = await upload(sideways, { token: tokens.staff, fields: { "image_alt.en": "A fairway by the sea", "image_alt.de": "" } });
    expect(response.status).toBe(200);
    event = staffEventResponseSchema.parse(await response.json()).data;
    expect(event.image).not.toBeNull();
    const image = event.image!;
    expect(image).toMatchObject({ width: 1600, height: 1000 });
    expect(image.files.map((file) => [file.format, file.width, file.height])).toEqual([
      ["webp", 480, 300],
      ["webp", 960, 600],
      ["webp", 1600, 1000],
      ["jpeg", 480, 300],
      ["jpeg", 960, 600],
      ["jpeg", 1600, 1000],
    ]);
    expect(image.webp_srcset).toMatch(/^\/media\/images\/[0-9a-f]{32}-480\.webp 480w, \S+-960\.webp 960w, \S+-1600\.webp 1600w$/);
    expect(image.src).toMatch(/-960\.jpg$/);
    // The alt texts posted with it: the German one left empty falls back to English.
    expect(event.image_alt).toEqual({ en: "A fairway by the sea", de: "" });
    expect(event.missing_translations).toContain("image_alt.de");

    for (const file of image.files) {
      const bytes = await readFile(path.join(imagesDir(), path.basename(file.url)));
      const metadata = await sharp(bytes).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual([file.format, file.width, file.height]);
      // No camera data, no orientation flag left to apply twice.
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
    }
    // The matrix's upload (a narrower picture) is replaced: its files went with it.
    expect(storedFiles()).toHaveLength(6);

    const listed = publicEventsResponseSchema
      .parse(await (await api.app.request("/api/public-events", { headers: { "accept-language": "de" } })).json())
      .data.find((each) => each.uuid === eventId);
    expect(listed?.image?.srcset).toBe(image.srcset);
    expect(listed?.image_url).toBe(image.src);
    expect(listed?.image_alt).toBe("A fairway by the sea");
    expect(listed?.english_fallbacks).toContain("image_alt");

    const [audit] = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, "event_image_set")).limit(1);
    expect(audit).toMatchObject({ details: { event: eventId } });
  });

  it("replacing it removes the old files no event shows any more; a narrow source makes only the widths it has", async () => {
    const before = event.image!;
    const response = await upload(await picture(700, 700).webp().toBuffer(), { token: tokens.staff, name: "small.webp", type: "image/webp" });
    expect(response.status).toBe(200);
    const image = staffEventResponseSchema.parse(await response.json()).data.image!;
    expect(image.files.map((file) => file.width)).toEqual([480, 480]);
    expect(image.width).toBe(480);
    for (const file of before.files) expect(storedFiles()).not.toContain(path.basename(file.url));
  });

  it("is taken away again: the event shows its image URL, the files go", async () => {
    const response = await api.app.request(`/api/staff/events/${eventId}/image`, { method: "DELETE", headers: { authorization: `Bearer ${tokens.staff}` } });
    expect(response.status).toBe(200);
    const data = staffEventResponseSchema.parse(await response.json()).data;
    expect(data.image).toBeNull();
    const [row] = await database.db.select({ image: events.image, imageUrl: events.imageUrl }).from(events).where(eq(events.id, eventId));
    expect(row).toEqual({ image: null, imageUrl: data.image_url });
    expect(storedFiles()).toEqual([]);
  });
});

describe("refused images store nothing", () => {
  const refusedCleanly = async (response: Response, status: number, language = "en") => {
    expect(response.status).toBe(status);
    const answer = errorResponseSchema.parse(await response.json());
    expect(answer.errors?.file?.[0] ?? answer.errors?.["image_alt.en"]?.[0]).toBeTruthy();
    return { answer, language };
  };

  it("refuses a text file named .jpg (told by its bytes), in the caller's language", async () => {
    const before = { files: storedFiles(), rows: await snapshotDatabase(database.db) };
    const response = await upload("Not a picture at all, just some text.\n".repeat(20), { token: tokens.staff, name: "holiday.jpg", language: "de" });
    const { answer } = await refusedCleanly(response, 422);
    expect(answer.errors?.file).toEqual(["Diese Datei ist kein JPEG-, PNG- oder WebP-Bild. Bitte wählen Sie ein Foto in einem dieser Formate."]);
    expect(storedFiles()).toEqual(before.files);
    expect(await snapshotDatabase(database.db)).toEqual(before.rows);
  });

  it("refuses a file over 10 MB with 413", async () => {
    const before = { files: storedFiles(), rows: await snapshotDatabase(database.db) };
    const jpegStart = await picture(600, 400).jpeg().toBuffer();
    const tooBig = Buffer.concat([jpegStart, Buffer.alloc(maximumEventImageBytes + 1 - jpegStart.length, 1)]);
    const { answer } = await refusedCleanly(await upload(tooBig, { token: tokens.staff }), 413);
    expect(answer.errors?.file).toEqual(["This image is too large: at most 10 MB are allowed."]);
    expect(storedFiles()).toEqual(before.files);
    expect(await snapshotDatabase(database.db)).toEqual(before.rows);
  });

  it("refuses a picture smaller than 480 × 300, and an image without an English alt text", async () => {
    const before = { files: storedFiles(), rows: await snapshotDatabase(database.db) };
    await refusedCleanly(await upload(await picture(400, 400).png().toBuffer(), { token: tokens.staff, type: "image/png" }), 422);
    const noAlt = await upload(await picture(1000, 625).png().toBuffer(), { token: tokens.staff, type: "image/png", fields: { "image_alt.en": "  " } });
    const { answer } = await refusedCleanly(noAlt, 422);
    expect(answer.errors?.["image_alt.en"]).toEqual(["Please describe the image for people who cannot see it."]);
    expect(storedFiles()).toEqual(before.files);
    expect(await snapshotDatabase(database.db)).toEqual(before.rows);
  });
});
