import type { Deps } from "./deps";

/**
 * The one place that reads through and invalidates the short read cache (cache.ts): public,
 * anonymous data only (site, menu, event lists). Anything that depends on who asks must not use it.
 */
export function cachedRead<T>(deps: Pick<Deps, "reads">, key: string, load: () => Promise<T>): Promise<T> {
  return deps.reads.get(key, load);
}

/**
 * Runs a write that may change what the cached reads show (places taken, a waitlist position) and
 * drops the cache afterwards, also when the write failed part-way (places may have been found gone).
 */
export async function invalidatingReads<T>(deps: Pick<Deps, "reads">, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    deps.reads.invalidate();
  }
}

/** For writes that learn only inside (a return page that applied a payment): drop the cache now. */
export function invalidateReads(deps: Pick<Deps, "reads">): void {
  deps.reads.invalidate();
}

/** Changes with every invalidation: the page micro-cache drops its pages when it moves. */
export function readsVersion(deps: Pick<Deps, "reads">): number {
  return deps.reads.version;
}
