import type { FailureCounter } from "./rate-limiter";

/**
 * Failed logins counted per key (an account from one address or one device, or an account from
 * everywhere but its owner's usual address), answered with a growing wait instead of a fixed lock:
 * the first `free` failures cost nothing, then each next attempt must wait twice as long as the one
 * before, up to `maximumWaitMs`. A key is forgotten once it has been quiet for the counter's
 * `forgetAfterMs`. The counts live in the database (`FailureCounter`), so every process of the site
 * sees the same failures (docs/decisions/011, 018).
 */
export class FailureBackoff {
  constructor(
    private readonly counter: FailureCounter,
    private readonly options: { free: number; firstWaitMs: number; maximumWaitMs: number },
  ) {}

  /** How long the next attempt of `key` must still wait; 0 when it may be tried now. */
  async waitMs(key: string): Promise<number> {
    const entry = await this.counter.current(key);
    if (!entry || entry.failures < this.options.free) return 0;
    const wait = Math.min(this.options.maximumWaitMs, this.options.firstWaitMs * 2 ** (entry.failures - this.options.free));
    return Math.max(0, wait - entry.msSinceLast);
  }

  fail(key: string): Promise<void> {
    return this.counter.fail(key);
  }

  reset(key: string): Promise<void> {
    return this.counter.reset(key);
  }
}

/**
 * The address each account last logged in from: failures elsewhere never slow the owner down there.
 * In memory, per process: with several processes an owner may count as away on the others until
 * they log in through them (a slower back-off, never a lock-out).
 */
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
