import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { RateLimiterDrizzle, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "../db/client";
import { preparedPerDatabase } from "../db/prepared-statements";
import { rateLimits } from "../db/schema";
import { rateLimitKeyOf } from "./rate-limit-key";

/** Milliseconds since the epoch; the services' clock, so that tests can let time pass. */
export type RateLimitClock = () => number;

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type RateLimitRow = typeof rateLimits.$inferSelect;

/**
 * The library's upsert in its three kinds, with the time as a parameter: `force` sets the count and the
 * expiry, `fixed` adds to the count and keeps the window's end, `sliding` adds and moves the end. Every
 * draft opened and every login counts here, so each is built once and sent as a named prepared
 * statement (decision 065).
 */
function upsertStatement(variant: "force" | "fixed" | "sliding") {
  return preparedPerDatabase((db) => {
    const points = sql`${sql.placeholder("points")}::integer`;
    const nextExpire = sql`${sql.placeholder("expire")}::timestamptz`;
    const expired = sql`${rateLimits.expire} <= ${sql.placeholder("now")}::timestamptz`;
    return db
      .insert(rateLimits)
      .values({ key: sql.placeholder("key"), points, expire: nextExpire })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set:
          variant === "force"
            ? { points, expire: nextExpire }
            : {
                points: sql`CASE WHEN ${expired} THEN ${points} ELSE ${rateLimits.points} + ${points} END`,
                expire: variant === "sliding" ? nextExpire : sql`CASE WHEN ${expired} THEN ${nextExpire} ELSE ${rateLimits.expire} END`,
              },
      })
      .returning()
      .prepare(`rate_limit_upsert_${variant}`);
  });
}
const preparedUpserts = { force: upsertStatement("force"), fixed: upsertStatement("fixed"), sliding: upsertStatement("sliding") };

/**
 * rate-limiter-flexible's Drizzle store (`RateLimiterDrizzle`: one atomic INSERT … ON CONFLICT DO
 * UPDATE per attempt, on PGlite and PostgreSQL alike) with two changes (docs/decisions/018):
 * - the time comes from `clock` instead of the wall clock, so that the services' injected `now`
 *   moves every limit (the tests let hours pass in a second);
 * - `slidingExpiry`: every attempt moves the end of the window (a back-off forgets a key after
 *   it has been quiet for the duration, not after the duration since its first failure).
 * The statements are the library's, with the time as a parameter (and `drizzle-orm` imported here
 * rather than by the library's dynamic import).
 */
class ClockedRateLimiterDrizzle extends RateLimiterDrizzle {
  constructor(
    private readonly store: Database,
    private readonly clock: RateLimitClock,
    private readonly slidingExpiry: boolean,
    options: { keyPrefix: string; points: number; duration: number; clearExpiredByTimeout: boolean },
  ) {
    super({ ...options, storeClient: store, schema: rateLimits });
  }

  _getRateLimiterRes(_key: string, changedPoints: number, row: RateLimitRow): RateLimiterRes {
    const msBeforeNext = row.expire ? Math.max(row.expire.getTime() - this.clock(), 0) : -1;
    return new RateLimiterRes(Math.max(this.points - row.points, 0), msBeforeNext, row.points, row.points === changedPoints);
  }

  async _upsert(key: string, points: number, msDuration: number, forceExpire = false): Promise<RateLimitRow | undefined> {
    const now = this.clock();
    const newExpire = msDuration > 0 ? new Date(now + msDuration).toISOString() : null;
    const variant = forceExpire ? "force" : this.slidingExpiry ? "sliding" : "fixed";
    const [row] = await preparedUpserts[variant](this.store).execute({ key, points, expire: newExpire, now: new Date(now).toISOString() });
    return row;
  }

  async _get(key: string): Promise<RateLimitRow | null> {
    const [row] = await this.store
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, key), or(gt(rateLimits.expire, new Date(this.clock())), isNull(rateLimits.expire))))
      .limit(1);
    return row ?? null;
  }

  async _delete(key: string): Promise<boolean> {
    const deleted = await this.store.delete(rateLimits).where(eq(rateLimits.key, key)).returning({ key: rateLimits.key });
    return deleted.length > 0;
  }
}

/**
 * The database every limiter of one app counts in. Limits counted here hold for every process on
 * the same database. One of its limiters deletes rows that expired an hour ago, every five minutes
 * (the library's own clean-up; one per app is enough, it sweeps the whole table).
 */
export function createRateLimitStore(db: Database, clock: RateLimitClock) {
  let cleanerStarted = false;
  function limiter(name: string, points: number, durationMs: number, slidingExpiry = false) {
    const clearExpiredByTimeout = !cleanerStarted;
    cleanerStarted = true;
    return new ClockedRateLimiterDrizzle(db, clock, slidingExpiry, {
      keyPrefix: name,
      points,
      duration: Math.ceil(durationMs / 1000),
      clearExpiredByTimeout,
    });
  }
  return {
    /**
     * `limit` attempts per key in a fixed window that starts with the key's first attempt (refused
     * attempts count too). `by: "address"` keys a client address by `rateLimitKeyOf` (an IPv6
     * client by its /64), so that callers pass the address as they got it.
     */
    fixedWindow(name: string, options: { limit: number; windowMs: number; by: "address" | "value" }): RateLimiter {
      return new RateLimiter(limiter(name, options.limit, options.windowMs), options.by === "address" ? rateLimitKeyOf : (key) => key);
    },
    /** Failures counted per key; the key is forgotten `forgetAfterMs` after its last failure. */
    failureCounter(name: string, forgetAfterMs: number): FailureCounter {
      return new FailureCounter(limiter(name, Number.MAX_SAFE_INTEGER, forgetAfterMs, true), forgetAfterMs);
    },
  };
}

export type RateLimitStore = ReturnType<typeof createRateLimitStore>;

/** Counts attempts per key (an address, an account) in the shared store. */
export class RateLimiter {
  /**
   * Resets still on their way to the database. An attempt after a reset waits for it: on a pool of
   * connections the reset's DELETE could otherwise land after the attempt's upsert.
   */
  private readonly pendingResets = new Map<string, Promise<unknown>>();

  constructor(
    private readonly limiter: ClockedRateLimiterDrizzle,
    private readonly keyOf: (key: string) => string,
  ) {}

  /** Records an attempt; says whether it is allowed and, if not, how long to wait. */
  async hit(key: string): Promise<Allowance> {
    const storeKey = this.keyOf(key);
    await this.pendingResets.get(storeKey);
    try {
      await this.limiter.consume(storeKey);
      return { allowed: true };
    } catch (rejection: unknown) {
      // The library rejects with its result when the points are used up, with an Error when the store failed.
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
  }

  async reset(key: string): Promise<void> {
    const storeKey = this.keyOf(key);
    const deleting = this.limiter.delete(storeKey);
    // The attempt waits for the reset, not for its failure: that is the caller's to hear.
    const settled = deleting.then(
      () => undefined,
      () => undefined,
    );
    this.pendingResets.set(storeKey, settled);
    void settled.then(() => {
      if (this.pendingResets.get(storeKey) === settled) this.pendingResets.delete(storeKey);
    });
    await deleting;
  }
}

/** How many failures a key has and when the last one was; forgotten once quiet for `forgetAfterMs`. */
export class FailureCounter {
  constructor(
    private readonly limiter: ClockedRateLimiterDrizzle,
    private readonly forgetAfterMs: number,
  ) {}

  /** The key's failures and how long ago the last one was, or undefined when there are none. */
  async current(key: string): Promise<{ failures: number; msSinceLast: number } | undefined> {
    const result = await this.limiter.get(key);
    if (!result) return undefined;
    return { failures: result.consumedPoints, msSinceLast: this.forgetAfterMs - result.msBeforeNext };
  }

  async fail(key: string): Promise<void> {
    await this.limiter.penalty(key, 1);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }
}
