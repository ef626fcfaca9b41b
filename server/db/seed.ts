/**
 * What a fresh database gets on first start. Every installation: the site settings and the legal
 * pages (texts from `content/legal`). Outside production also the demo site's sample data
 * (`./demo`: categories, seven events in every state, bookings, demo logins, guest voices).
 * Everything is built with the data factories in `./factories`, which the tests use as well.
 */
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { insertDemoData } from "./demo";
import { insertLegalPages } from "./factories/pages";
import { insertSite, siteSettings } from "./factories/site";
import { sites } from "./schema";
import { seedIds } from "./demo/ids";

export { demoAccounts } from "./demo";
export { seedIds } from "./demo/ids";

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
    await insertSite(tx, siteSettings);
    // The demo's links name the legal pages by their fixed ids; a production site's get fresh ones.
    await insertLegalPages(tx, siteSettings, options.demoData ? seedIds.pages : {});
    if (options.demoData) await insertDemoData(tx, now, siteSettings, { demoAccounts: options.demoAccounts });
    return true;
  });
}
