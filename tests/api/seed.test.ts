import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { insertDemoEventCopy } from "../../server/db/demo";
import { unknownPlaceholders } from "../../core/domain/legal-pages";
import { renderLegalText } from "../../server/catalog/legal-page-text";
import { legalText } from "../../server/db/factories/pages";
import { siteSettings } from "../../server/db/factories/site";
import { bookings, eventCategories, events, experiences, forms, invoices, pages, pageTranslations, sites, users } from "../../server/db/schema";
import { seedIds } from "../../server/db/seed";
import { seedIfEmpty } from "../../server/seed/seed-if-empty";
import { createTestRoutes } from "../../server/http/test-routes";
import { createTestDatabase } from "../support/test-database";

/**
 * The seed (decision 019): production gets the site settings and the legal pages from the content
 * files and nothing else, written through the back office's verbs (decision 043); a test's own copy of a
 * demo event is made by the factories.
 */

describe("the production seed", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    // An empty, migrated database (the shared template is seeded with the demo data already).
    database = await openDatabase({ pglite: new PGlite() });
    expect(await seedIfEmpty(database.db, new Date(), { demoData: false, demoAccounts: false })).toBe(true);
  });
  afterAll(async () => {
    await database.close();
  });

  it("writes the site settings and the three legal pages in both languages", async () => {
    expect(await database.db.select().from(sites)).toHaveLength(1);
    expect(await database.db.select().from(pages)).toHaveLength(3);
    const translations = await database.db.select().from(pageTranslations);
    expect(translations.map((row) => `${row.locale}:${row.slug}`).sort()).toEqual(
      ["de:agb", "de:datenschutz", "de:impressum", "en:imprint", "en:privacy", "en:terms"].sort(),
    );
    // Stored as templates (issue 30): the settings are filled in when a page is served, never copied.
    for (const row of translations) {
      expect(unknownPlaceholders(row.content)).toEqual([]);
      expect(row.content).toContain("{{company}}");
      expect(row.content).not.toContain(siteSettings.company);
      const served = renderLegalText(row.content, siteSettings, row.locale);
      expect(served).not.toMatch(/\{\{|\}\}/);
      expect(served).toContain(siteSettings.city);
    }
    const imprint = translations.find((row) => row.slug === "impressum");
    expect(renderLegalText(imprint?.content ?? "", siteSettings, "de")).toContain("Deutschland");
    expect(renderLegalText(imprint?.content ?? "", siteSettings, "de")).toContain(siteSettings.vatId);
    const keys = await database.db.select({ key: pages.legalKey }).from(pages);
    expect(keys.map((row) => row.key).sort()).toEqual(["imprint", "privacy", "terms"]);
  });

  it("writes no sample events, categories, bookings, logins or guest voices", async () => {
    for (const table of [events, eventCategories, forms, bookings, invoices, users, experiences]) {
      expect(await database.db.select().from(table)).toEqual([]);
    }
  });

  it("seeds once: a second start finds the site and leaves everything as it is", async () => {
    expect(await seedIfEmpty(database.db, new Date(), { demoData: true, demoAccounts: true })).toBe(false);
    expect(await database.db.select().from(events)).toEqual([]);
  });
});

describe("legal texts", () => {
  it("fill every placeholder from the site settings, in English and German", () => {
    for (const key of ["terms", "privacy", "imprint"] as const) {
      for (const locale of ["en", "de"] as const) {
        const text = renderLegalText(legalText(key, locale), siteSettings, locale);
        expect(text).not.toMatch(/\{\{|\}\}/);
        expect(text).toContain(siteSettings.company.replace("&", "&amp;"));
      }
    }
    expect(renderLegalText(legalText("terms", "de"), siteSettings, "de")).toContain(`${siteSettings.depositPercent} %`);
  });
});

describe("a test's own copy of a demo event", () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("has new ids and the demo event's texts, prices and form", async () => {
    const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfYogaTrip", new Date(), siteSettings));
    expect(copy.eventId).not.toBe(seedIds.events.golfYogaTrip);
    const [original] = await database.db.select().from(events).where(eq(events.id, seedIds.events.golfYogaTrip));
    const [made] = await database.db.select().from(events).where(eq(events.id, copy.eventId));
    expect(made?.title).toEqual(original?.title);
    expect(made?.capacity).toBe(original?.capacity);
    expect(made?.categoryId).toBe(original?.categoryId);
    expect([...copy.itemIds.keys()]).toContain("intro_video");
  });

  it("of the final is fully booked by confirmed bookings with codes of their own, as often as asked", async () => {
    for (let round = 0; round < 2; round += 1) {
      const copy = await database.db.transaction((tx) => insertDemoEventCopy(tx, "golfCircleFinal", new Date(), siteSettings));
      const [made] = await database.db.select().from(events).where(eq(events.id, copy.eventId));
      expect(made?.placesTaken).toBe(made?.capacity);
      const held = await database.db.select().from(bookings).where(eq(bookings.eventId, copy.eventId));
      expect(held.map((booking) => booking.status)).toEqual(["confirmed", "confirmed", "confirmed", "confirmed"]);
      expect(held.reduce((sum, booking) => sum + booking.placesHeld, 0)).toBe(made?.capacity);
      expect(held.every((booking) => booking.code?.startsWith("T-"))).toBe(true);
    }
  });

  it("is what POST /__test/events answers, and only for a demo event's name", async () => {
    const routes = createTestRoutes({ db: database.db, now: () => new Date(), runJobsNow: async () => undefined, publicOrigin: "http://site.test" });
    const post = (body: unknown) => routes.request("/events", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const created = await post({ copyOf: "trackDayNotBookableYet" });
    expect(created.status).toBe(201);
    const { eventUuid, formUuid } = (await created.json()) as { eventUuid: string; formUuid: string };
    const [form] = await database.db.select().from(forms).where(eq(forms.id, formUuid));
    expect(form?.eventId).toBe(eventUuid);
    expect((await post({ copyOf: "noSuchEvent" })).status).toBe(400);
    expect((await post(null)).status).toBe(400);
  });
});
