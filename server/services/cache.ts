/**
 * A small read-through cache for public data that page views need (site, menu, event lists, published
 * forms). Entries live for `ttlMs` and are dropped at once when `invalidate()` is called after a write,
 * so a change made through this process shows on the next request. Other processes hear of it through
 * `onInvalidate` (on PostgreSQL a NOTIFY, server/db/cross-process-signal.ts; decision 050) and drop theirs with
 * `invalidateFromElsewhere()`; what that misses (a process that died between its commit and its NOTIFY) the TTL still bounds.
 *
 * Bounded: at most `maxEntries` values and about `maxBytes` of them (their JSON length); the oldest go
 * first. Requests that miss the same key together share one load (a sale rush after a write would
 * otherwise load the same list once per waiting request).
 */
export type ReadCacheLimits = { maxEntries: number; maxBytes: number };

const defaultLimits: ReadCacheLimits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };

type Entry = { value: unknown; expiresAt: number; bytes: number };

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<unknown>>();
  private generation = 0;
  private bytes = 0;
  private readonly limits: ReadCacheLimits;
  private readonly invalidateListeners: Array<() => void> = [];

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
    limits: Partial<ReadCacheLimits> = {},
  ) {
    this.limits = { ...defaultLimits, ...limits };
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as T;
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const settled = () => {
      if (this.loading.get(key) === loaded) this.loading.delete(key);
    };
    const loaded: Promise<T> = load().then(
      (value) => {
        settled();
        // A write that happened while loading makes this value stale: don't keep it.
        if (generation === this.generation) this.store(key, value, now);
        return value;
      },
      (error: unknown) => {
        settled();
        throw error;
      },
    );
    // A write inside `load` itself (before its first await) already made it stale: nobody shares it.
    if (generation === this.generation) this.loading.set(key, loaded);
    return loaded;
  }

  /** A write here may have changed what is kept: drop it, and tell the listeners (the other processes). */
  invalidate(): void {
    this.drop();
    for (const listener of this.invalidateListeners) listener();
  }

  /** Another process wrote: drop everything here, and tell nobody (that process told the others itself). */
  invalidateFromElsewhere(): void {
    this.drop();
  }

  /** Called after each `invalidate()` (never after `invalidateFromElsewhere()`). */
  onInvalidate(listener: () => void): void {
    this.invalidateListeners.push(listener);
  }

  private drop(): void {
    this.generation += 1;
    this.entries.clear();
    // Loads under way read the data before the write: later requests must not share them.
    this.loading.clear();
    this.bytes = 0;
  }

  get version(): number {
    return this.generation;
  }

  /** How many values and about how many bytes are kept (tests, metrics). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private store(key: string, value: unknown, now: number): void {
    const bytes = approximateBytes(value);
    this.remove(key);
    if (bytes > this.limits.maxBytes) return;
    // Map order is insertion order: the first keys are the oldest.
    for (const [oldest] of this.entries) {
      if (this.entries.size < this.limits.maxEntries && this.bytes + bytes <= this.limits.maxBytes) break;
      this.remove(oldest);
    }
    this.entries.set(key, { value, expiresAt: now + this.ttlMs, bytes });
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
