/**
 * What a fresh database gets on first start. Every installation: the site settings and the legal
 * pages (texts from `content/legal`). Outside production also the demo site's sample data
 * (`server/db/demo`: categories, seven events in every state, bookings, demo logins, guest voices).
 * What the back office can write (settings, pages, categories, events, forms) goes through its verbs
 * as the seed's own actor (decision 043, ./seed-services.ts); bookings, logins and guest voices are
 * made by the data factories in `server/db/factories`, which the tests use as well.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { seedIds } from "../db/demo/ids";
import { siteSettings } from "../db/factories/site";
import { sites } from "../db/schema";
import { insertDemoData } from "./demo-data";
import { seedDeps, seedLegalPages, seedSiteSettings } from "./seed-services";

/** Any constant key serves, as long as nothing else locks it: it makes concurrent first starts seed once. */
const seedLockKey = 7_352_001;

export type SeedOptions = {
  /** The sample events, categories, bookings and guest voices of the demo site. Never in production. */
  demoData: boolean;
  /** The staff and customer logins whose passwords are in the README (only with the demo data). */
  demoAccounts: boolean;
};

/**
 * Seeds an empty database; answers whether it did (false when a site exists already). Runs in one
 * transaction so a failed seed leaves nothing half-written to block the next attempt.
 */
export async function seedIfEmpty(db: Database, now: Date, options: SeedOptions = { demoData: true, demoAccounts: true }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ id: sites.id }).from(sites).limit(1);
    if (existing) return false;
    const deps = seedDeps(tx, now);
    await seedSiteSettings(deps, siteSettings);
    // The demo's links name the legal pages by their fixed ids; a production site's get fresh ones.
    await seedLegalPages(deps, options.demoData ? seedIds.pages : {});
    if (options.demoData) await insertDemoData(tx, now, siteSettings, { demoAccounts: options.demoAccounts });
    return true;
  });
}
