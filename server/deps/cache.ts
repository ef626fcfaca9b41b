/**
 * A small read-through cache for public data that page views need (site, menu, event lists, published
 * forms). Entries live for `ttlMs` and are dropped at once when `invalidate()` is called after a write,
 * so a change made through this process shows on the next request. Other processes hear of it through
 * `onInvalidate` (on PostgreSQL a NOTIFY, server/db/cross-process-signal.ts; decision 050) and drop theirs with
 * `invalidateFromElsewhere()`; what that misses (a process that died between its commit and its NOTIFY) the TTL still bounds.
 *
 * Two kinds of entry (decision 054): "availability" values show places (event lists, a form with its
 * event's state) and go with every write; "catalogue" values (a form's definition, prices, payment terms)
 * change only when staff change them, so a booking — which drops only availability — leaves them be.
 * In a sale rush every submission is such a write: without the split, every request read the form again.
 *
 * Bounded: at most `maxEntries` values and about `maxBytes` of them (their JSON length); the oldest go
 * first. Requests that miss the same key together share one load (a sale rush after a write would
 * otherwise load the same list once per waiting request).
 */
export type ReadCacheLimits = { maxEntries: number; maxBytes: number };

const defaultLimits: ReadCacheLimits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };

/** What an entry depends on: see the class comment. */
export type ReadKind = "availability" | "catalogue";
/** What a write changed: places only (a booking, a payment, a waitlist offer), or anything (staff edits). */
export type InvalidationScope = "availability" | "everything";

type Entry = { value: unknown; expiresAt: number; bytes: number; kind: ReadKind };
type Loading = { promise: Promise<unknown>; kind: ReadKind };

/** The kinds of entry a write of `scope` makes stale. */
const staleKinds: Record<InvalidationScope, readonly ReadKind[]> = {
  availability: ["availability"],
  everything: ["availability", "catalogue"],
};

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Loading>();
  /** Moves with every invalidation of the kind: a load that started before a move is not kept. */
  private readonly generations: Record<ReadKind, number> = { availability: 0, catalogue: 0 };
  private invalidations = 0;
  private bytes = 0;
  private readonly limits: ReadCacheLimits;
  private readonly invalidateListeners: Array<(scope: InvalidationScope) => void> = [];

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    limits: Partial<ReadCacheLimits> = {},
  ) {
    this.limits = { ...defaultLimits, ...limits };
  }

  async get<T>(key: string, load: () => Promise<T>, kind: ReadKind = "availability"): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now && hit.kind === kind) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending && pending.kind === kind) return pending.promise as Promise<T>;
    const generation = this.generations[kind];
    const settled = () => {
      if (this.loading.get(key)?.promise === loaded) this.loading.delete(key);
    };
    const loaded: Promise<T> = load().then(
      (value) => {
        settled();
        // A write that happened while loading makes this value stale: don't keep it.
        if (generation === this.generations[kind]) this.store(key, value, now, kind);
        return value;
      },
      (error: unknown) => {
        settled();
        throw error;
      },
    );
    // A write inside `load` itself (before its first await) already made it stale: nobody shares it.
    if (generation === this.generations[kind]) this.loading.set(key, { promise: loaded, kind });
    return loaded;
  }

  /** A write here may have changed what is kept: drop it, and tell the listeners (the other processes). */
  invalidate(scope: InvalidationScope = "everything"): void {
    this.drop(scope);
    for (const listener of this.invalidateListeners) listener(scope);
  }

  /** Another process wrote: drop what its write made stale, and tell nobody (that process told the others itself). */
  invalidateFromElsewhere(scope: InvalidationScope = "everything"): void {
    this.drop(scope);
  }

  /** Called after each `invalidate()` (never after `invalidateFromElsewhere()`). */
  onInvalidate(listener: (scope: InvalidationScope) => void): void {
    this.invalidateListeners.push(listener);
  }

  private drop(scope: InvalidationScope): void {
    this.invalidations += 1;
    const kinds = staleKinds[scope];
    for (const kind of kinds) this.generations[kind] += 1;
    for (const [key, entry] of this.entries) if (kinds.includes(entry.kind)) this.remove(key);
    // Loads under way read the data before the write: later requests must not share them.
    for (const [key, pending] of this.loading) if (kinds.includes(pending.kind)) this.loading.delete(key);
  }

  /** Moves with every invalidation, of either scope: pages show places, so the page micro-cache follows it. */
  get version(): number {
    return this.invalidations;
  }

  /** How many values and about how many bytes are kept (tests, metrics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(key: string, value: unknown, now: number, kind: ReadKind): void {
    const bytes = approximateBytes(value);
    this.remove(key);
    if (bytes > this.limits.maxBytes) return;
    // Map order is insertion order: the first keys are the oldest.
    for (const [oldest] of this.entries) {
      if (this.entries.size < this.limits.maxEntries && this.bytes + bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs, bytes, kind });
    this.bytes += bytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

/** The value's JSON length (UTF-16 code units, near enough to bytes for a bound); measured once per load. */
function approximateBytes(value: unknown): number {
  try {
    return JSON.stringify(value)?.length ?? 0;
  } catch {
    return 0;
  }
}

/** Through `reads` when there is one (a request's services), straight from the database when not (a transaction's own reads, tests). */
export function readThrough<T>(reads: ReadCache | undefined, key: string, load: () => Promise<T>, kind: ReadKind): Promise<T> {
  return reads ? reads.get(key, load, kind) : load();
}
