import type { Deps } from "./deps";

/**
 * The one place that reads through and invalidates the short read cache (cache.ts): public,
 * anonymous data only (site, menu, event lists). Anything that depends on who asks must not use it.
 */
export function cachedRead<T>(deps: Pick<Deps, "reads">, key: string, load: () => Promise<T>): Promise<T> {
  return deps.reads.get(key, load);
}

/**
 * Like `cachedRead`, for what only staff change (a form's versions, an event's prices, the payment
 * terms): kept across bookings, dropped by `invalidatingReads` (decision 054). Never places or states.
 */
export function cachedCatalogueRead<T>(deps: Pick<Deps, "reads">, key: string, load: () => Promise<T>): Promise<T> {
  return deps.reads.get(key, load, "catalogue");
}

/**
 * Runs a write that may change anything the cached reads show (staff editing the catalogue, the site,
 * a form) and drops the whole cache afterwards, also when the write failed part-way.
 */
export async function invalidatingReads<T>(deps: Pick<Deps, "reads">, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    deps.reads.invalidate("everything");
  }
}

/**
 * Runs a write that changes only places, states and waitlists (a booking submitted, a payment, a hold
 * or an offer ending) and drops what shows them, also when the write failed part-way (places may have
 * been found gone). The catalogue entries stay: in a sale rush this is every submission.
 */
export async function invalidatingAvailability<T>(deps: Pick<Deps, "reads">, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    deps.reads.invalidate("availability");
  }
}

/** For writes that learn only inside (a return page that applied a payment): drop the cache now. */
export function invalidateReads(deps: Pick<Deps, "reads">): void {
  deps.reads.invalidate("everything");
}

/** The same for a write that changed only places and states (a hold or an offer that ran out). */
export function invalidateAvailability(deps: Pick<Deps, "reads">): void {
  deps.reads.invalidate("availability");
}

/** Changes with every invalidation: the page micro-cache drops its pages when it moves. */
export function readsVersion(deps: Pick<Deps, "reads">): number {
  return deps.reads.version;
}
