import type { Locale } from "../../core/i18n/locales";
import { checkReadiness } from "../db/readiness";
import { cachedCatalogueRead, invalidateAvailability, invalidateReads, readsVersion } from "../deps/cached-read";
import { loadEmailTextOverrides } from "../email/email-text-overrides";
import type { Deps } from "../deps/deps";

/** The clock, the readiness check and the read cache's controls (server/deps/cached-read.ts). */
export function bindPlatform(deps: Deps) {
  const { db, now } = deps;
  return {
  now,
  /** `GET /readyz`: the database answers and has this build's migrations. */
  readiness: () => checkReadiness(db),
  /** Staff's wording of a template for the mail worker, from the read cache's catalogue entries (every mail of a sale rush asks). */
  emailTextOverrides: (template: string, locale: Locale) =>
    cachedCatalogueRead(deps, `email-text-overrides:${template}:${locale}`, () => loadEmailTextOverrides(db, template, locale)),
  /** Moves with every write that drops the read cache (the page micro-cache follows it). */
  readsVersion: () => readsVersion(deps),
  /** Test data made behind the services' back (the e2e test routes) must not wait for the read cache to expire. */
  invalidateReads: () => invalidateReads(deps),
  /** A hold or a waitlist offer ran out: places changed, the catalogue did not. */
  invalidateAvailability: () => invalidateAvailability(deps),
  };
}
