/**
 * A small read-through cache for public data that every page view needs (site, menu, event list).
 * Entries live for `ttlMs` and are dropped at once when `invalidate()` is called after a write, so a
 * change made through this process shows on the next request. Other processes see it after the TTL.
 */
export class ReadCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number; generation: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now && hit.generation === this.generation) return hit.value as T;
    const generation = this.generation;
    const value = await load();
    // A write that happened while loading makes this value stale: don't keep it.
    if (generation === this.generation && this.ttlMs > 0) this.entries.set(key, { value, expiresAt: now + this.ttlMs, generation });
    return value;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get version(): number {
    return this.generation;
  }
}
