import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import type * as LocaleList from "../../core/i18n/locale-list";
import type { Locale } from "../../core/i18n/locales";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { siteSettings } from "../../server/db/factories/site";
import { eventCategoryTranslations, eventSlugs, pageTranslations, sites } from "../../server/db/schema";
import { insertDemoEventCopy } from "../../server/db/demo";
import { seedIfEmpty } from "../../server/seed/seed-if-empty";

/**
 * A fresh installation whose locale list has a third language (decision 072) seeds: the seed's texts
 * exist in English and German only, so where a contract asks for every language (the site settings'
 * texts, a page's translations) a language with no seeded text gets the English one, which the operator
 * translates in the back office; a text that may fall back (a category's name) is left untranslated. The list
 * is extended for this file only (its own isolated Vitest project, "third-locale").
 */
vi.mock("../../core/i18n/locale-list", async (importOriginal) => {
  const actual = await importOriginal<typeof LocaleList>();
  return { localeDefinitions: { ...actual.localeDefinitions, xx: { intlTag: "en-GB", nativeName: "Pseudo" } } };
});

const third = "xx" as Locale;
let database: DatabaseHandle | undefined;

afterAll(async () => {
  await database?.close();
});

describe("the seed with a third language in the locale list", () => {
  // The demo site's seed: the production one (settings, legal pages) and the demo catalogue. One seed costs ~10 s.
  it("seeds a fresh demo site: the texts asked in every language the English ones, the others left to translate", async () => {
    database = await openDatabase({ pglite: new PGlite() });
    expect(await seedIfEmpty(database.db, new Date(), { demoData: true, demoAccounts: true })).toBe(true);

    const [site] = await database.db.select().from(sites);
    expect(site?.supportHours).toEqual({ ...siteSettings.supportHours, xx: siteSettings.supportHours.en });
    expect(site?.travelOperatorNotice[third]).toBe(siteSettings.travelOperatorNotice.en);
    expect(site?.leisureWithdrawalNotice[third]).toBe(siteSettings.leisureWithdrawalNotice.en);

    const translations = await database.db.select().from(pageTranslations);
    const slugsIn = (locale: Locale) => translations.filter((row) => row.locale === locale).map((row) => row.slug);
    expect(slugsIn(third).sort()).toEqual(slugsIn("en").sort());
    const english = translations.find((row) => row.locale === "en" && row.slug === "terms");
    expect(translations.find((row) => row.locale === third && row.slug === "terms")?.content).toBe(english?.content);

    // A category's name may fall back (decision 034): left untranslated, not copied.
    const categories = await database.db.select().from(eventCategoryTranslations);
    expect(categories.filter((row) => row.locale === "en").length).toBeGreaterThan(0);
    expect(categories.filter((row) => row.locale === third)).toEqual([]);
  });

  it("makes a test's copy of a demo event (the end-to-end tests' factory), its xx address from the English title", async () => {
    if (!database) throw new Error("the seed test above opens the database");
    const db = database.db;
    const copy = await db.transaction((tx) => insertDemoEventCopy(tx, "golfCircleTournament", new Date(), siteSettings));
    const slugs = await db.select().from(eventSlugs).where(eq(eventSlugs.eventId, copy.eventId));
    const slugIn = (locale: Locale) => slugs.find((row) => row.locale === locale)?.slug;
    expect(slugIn(third)).toBe(slugIn("en"));
  });
});
