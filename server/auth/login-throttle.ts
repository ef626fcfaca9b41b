/**
 * Failed logins counted per key (an account from one address or one device, or an account from everywhere but its
 * owner's usual address), answered with a growing wait instead of a fixed lock: the first `free`
 * failures cost nothing, then each next attempt must wait twice as long as the one before, up to
 * `maximumWaitMs`. A key is forgotten once it has been quiet for `forgetAfterMs`. In memory, like
 * RateLimiter: one process is the deployment unit (docs/decisions/011).
 */
export class FailureBackoff {
  private readonly entries = new Map<string, { failures: number; lastFailureAt: number }>();

  constructor(
    private readonly options: { free: number; firstWaitMs: number; maximumWaitMs: number; forgetAfterMs: number },
    private readonly clock: () => number = Date.now,
  ) {}

  /** How long the next attempt of `key` must still wait; 0 when it may be tried now. */
  waitMs(key: string): number {
    const entry = this.current(key);
    if (!entry || entry.failures < this.options.free) return 0;
    const wait = Math.min(this.options.maximumWaitMs, this.options.firstWaitMs * 2 ** (entry.failures - this.options.free));
    return Math.max(0, entry.lastFailureAt + wait - this.clock());
  }

  fail(key: string): void {
    const now = this.clock();
    const entry = this.current(key);
    if (entry) {
      entry.failures += 1;
      entry.lastFailureAt = now;
      return;
    }
    if (this.entries.size > 50_000) this.sweep(now);
    this.entries.set(key, { failures: 1, lastFailureAt: now });
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private current(key: string) {
    const entry = this.entries.get(key);
    if (entry && this.clock() - entry.lastFailureAt > this.options.forgetAfterMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) if (now - entry.lastFailureAt > this.options.forgetAfterMs) this.entries.delete(key);
  }
}

/** The address each account last logged in from: failures elsewhere never slow the owner down there. */
export class HomeAddresses {
  private readonly addresses = new Map<string, string>();

  constructor(private readonly capacity = 100_000) {}

  is(account: string, address: string): boolean {
    return this.addresses.get(account) === address;
  }

  remember(account: string, address: string): void {
    this.addresses.delete(account);
    this.addresses.set(account, address);
    // A Map iterates in insertion order: the first key is the account that logged in longest ago.
    if (this.addresses.size > this.capacity) {
      const oldest = this.addresses.keys().next().value;
      if (oldest !== undefined) this.addresses.delete(oldest);
    }
  }
}
