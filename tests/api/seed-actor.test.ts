import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffPageResponseSchema } from "../../core/contracts/pages";
import type { StaffEventInput } from "../../core/contracts/staff-catalogue";
import type { Actor } from "../../core/domain/permissions";
import type { DatabaseHandle } from "../../server/db/client";
import { events, pages, staffAuditLog } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { seedActorEmail } from "../../server/seed/seed-services";
import { AppError } from "../../server/errors";
import { createContentPage } from "../../server/staff/content/create-content-page";
import { createEventForm } from "../../server/staff/catalogue/create-event-form";
import { createStaffEvent } from "../../server/staff/catalogue/create-staff-event";
import { createTestApi } from "../support/api-client";
import { snapshotDatabase } from "../support/database-snapshot";
import { staffCallerHeaders } from "../support/staff-callers";
import { createTestDatabase } from "../support/test-database";

/**
 * The seed acts through the back office's verbs as its own actor (decision 043): its changes are
 * audited as the seed's, and the ids it alone may choose (the demo's fixed ones) are open to no
 * staff member and no web or API caller.
 */

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const staffActor: Actor = { user: { userId: "00000000-0000-4000-8000-00000000aaaa", role: "admin", sessionId: "s", secondFactor: true } };
const freeId = "00000000-0000-4000-8000-000000000043";
const deps = () => ({ db: database.db, now: () => new Date() });

describe("the seed's changes", () => {
  it("are audited as the seed's: settings, legal pages, categories, every demo event with its form", async () => {
    const rows = await database.db.select().from(staffAuditLog).where(eq(staffAuditLog.actorEmail, seedActorEmail));
    expect(rows.every((row) => row.actorId === null)).toBe(true);
    const count = (action: string) => rows.filter((row) => row.action === action).length;
    expect(count("site_settings_created")).toBe(1);
    expect(count("page_created")).toBe(3);
    expect(count("page_published")).toBe(3);
    expect(count("category_created")).toBe(3);
    const demoEvents = Object.values(seedIds.events);
    for (const action of ["event_created", "form_created", "form_draft_saved", "form_published", "event_published"]) {
      expect(count(action), action).toBe(demoEvents.length);
    }
    const created = rows.filter((row) => row.action === "event_created").map((row) => row.details.event);
    expect(created.sort()).toEqual([...demoEvents].sort());
  });
});

describe("a chosen id", () => {
  it("is refused to staff in every create verb, before anything is written", async () => {
    const [demo] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfYogaTrip));
    if (!demo) throw new Error("no demo event");
    const event: StaffEventInput = {
      category_id: demo.categoryId,
      title: { en: "Chosen id", de: "" },
      teaser: { en: "", de: "" },
      description: { en: "", de: "" },
      location: { en: "", de: "" },
      image_url: "",
      image_alt: { en: "", de: "" },
      starts_on: "2031-01-01",
      ends_on: "2031-01-01",
      bookable_from: null,
      registration_deadline: null,
      capacity: 10,
      min_participants: 1,
      prices: [],
      resources: [],
    };
    const before = await snapshotDatabase(database.db);
    const attempts = [
      createStaffEvent(deps(), staffActor, { event, actorEmail: "admin@example.com", locale: "en", fixedId: freeId }),
      createEventForm(deps(), staffActor, { eventId: demo.id, staffEmail: "admin@example.com", fixedId: freeId }),
      createContentPage(deps(), staffActor, {
        change: {
          show_on_mobile: false,
          translations: { en: { name: "Chosen", slug: "", content: "<p>x</p>" }, de: { name: "Gewählt", slug: "", content: "<p>x</p>" } },
        },
        actorEmail: "admin@example.com",
        locale: "en",
        fixedId: freeId,
      }),
    ];
    for (const attempt of attempts) {
      await expect(attempt).rejects.toSatisfy((error) => error instanceof AppError && error.code === "FORBIDDEN");
    }
    expect(await snapshotDatabase(database.db)).toEqual(before);
  });

  it("sent by an API caller is no part of the request: a content page gets a fresh id", async () => {
    const api = createTestApi(database);
    const headers = await staffCallerHeaders(api);
    const response = await api.app.request("/api/staff/pages", {
      method: "POST",
      headers: { ...headers.staff, "content-type": "application/json" },
      body: JSON.stringify({
        fixedId: freeId,
        id: freeId,
        uuid: freeId,
        show_on_mobile: false,
        translations: { en: { name: "Sneaky", slug: "", content: "<p>x</p>" }, de: { name: "Heimlich", slug: "", content: "<p>x</p>" } },
      }),
    });
    expect(response.status).toBe(201);
    expect(staffPageResponseSchema.parse(await response.json()).data.uuid).not.toBe(freeId);
    expect(await database.db.select().from(pages).where(eq(pages.id, freeId))).toEqual([]);
  });
});
