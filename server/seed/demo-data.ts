/**
 * The demo site's sample data (never in production): the catalogue through the back office's verbs
 * as the seed (./demo-catalogue.ts), then what customers did and what no verb writes, by the
 * factories in server/db/demo: the bookings that fill the final, the demo logins with the customer's
 * past booking, the guest voices (decision 043).
 */
import type { Transaction } from "../db/client";
import { insertDemoAccounts, insertExperiences, insertFinalBookings } from "../db/demo";
import { demoCategories, sampleEvents } from "../db/demo/events";
import { seedIds } from "../db/demo/ids";
import type { SiteSettings } from "../db/factories/site";
import { seedCategories, seedEvent } from "./demo-catalogue";
import { seedDeps } from "./seed-services";

export async function insertDemoData(tx: Transaction, now: Date, site: SiteSettings, options: { demoAccounts: boolean }): Promise<void> {
  const deps = seedDeps(tx, now);
  const categoryIds = await seedCategories(deps, demoCategories);
  const seededEvents = sampleEvents(now);
  for (const event of seededEvents) {
    const ids = { event: seedIds.events[event.key], form: seedIds.forms[event.key], formPages: seedIds.formPages[event.key] };
    const inserted = await seedEvent(deps, event, { categoryId: categoryIds[event.category], site, ids });
    if (event.key === "golfCircleFinal") await insertFinalBookings(tx, event, inserted, now, site);
  }
  const opener = seededEvents.find((event) => event.key === "golfCircleOpenerPast");
  if (opener && options.demoAccounts) await insertDemoAccounts(tx, opener, now);
  await insertExperiences(tx);
}
