import { asc, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";

/**
 * The one durable queue behind the job worker (`jobs` table) and the e-mail worker (`outbox_emails`):
 * claim due rows, run them outside the claiming transaction, retry with backoff, give up. Each table
 * keeps its columns; a worker says how its rows are claimed and how an attempt's end is recorded.
 * Why not pg-boss or graphile-worker: docs/decisions/017-booking-state-machine-and-one-queue.md.
 *
 * Rows live in the database, so a restart (or `kill -9`) loses none: a claimed row is hidden only for
 * the claim period, after which the next worker takes it again (at-least-once). Claims use
 * `FOR UPDATE SKIP LOCKED`, so several processes never run the same row at once; the claim commits
 * before the work runs, so slow work holds no row lock (nor, on PGlite, the only connection).
 */

/** A claimed row: `attempts` already counts this attempt (counted at claim time, so a row that crashes its worker still runs out). */
export type QueueItem = { id: string; attempts: number };

/**
 * Claims up to `limit` due rows of `table` in one statement, `UPDATE … WHERE id IN (SELECT … FOR
 * UPDATE SKIP LOCKED) RETURNING *`: `claim` written to them (the attempt counted, the row hidden until
 * the claim expires) and the rows returned as claimed, in `orderOf`'s order. One statement, not a
 * transaction of four round trips: a sale rush sends one mail per booking, and idle polls cost as much.
 */
export async function claimDueRows<TTable extends PgTable, Row extends { id: string }>(
  db: Database,
  spec: { table: TTable; id: PgColumn; due: SQL | undefined; order: PgColumn; orderOf: (row: Row) => number; limit: number; claim: PgUpdateSetSource<TTable> },
): Promise<Row[]> {
  const table: PgTable = spec.table;
  const dueIds = db.select({ id: spec.id }).from(table).where(spec.due).orderBy(asc(spec.order)).limit(spec.limit).for("update", { skipLocked: true });
  const claimed = (await db.update(spec.table).set(spec.claim).where(inArray(spec.id, dueIds)).returning()) as unknown as Row[];
  // RETURNING keeps no order: the oldest first, as the rows were chosen.
  return claimed.sort((left, right) => spec.orderOf(left) - spec.orderOf(right));
}

/** Exponential backoff after the n-th failed attempt: `baseMs`, twice that, … at most `capMs`. */
export function backoffMs(attempts: number, baseMs: number, capMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), capMs);
}

export type QueueWorkerOptions<Item extends QueueItem> = {
  /** Claims due items at `at` (with `claimDueRows`), hiding them until `claimUntil`. */
  claim: (at: Date, claimUntil: Date, limit: number) => Promise<Item[]>;
  /** Does the work of one item; throwing fails the attempt. */
  run: (item: Item, now: Date) => Promise<void>;
  /** Records success (e.g. `done_at`, `status = 'sent'`). */
  complete: (item: Item, now: Date) => Promise<void>;
  /** Records a failed attempt that will run again at `retryAt`. */
  retry: (item: Item, error: unknown, retryAt: Date, retryInMs: number) => Promise<void>;
  /**
   * Hands back an item claimed but not started when the worker stops (graceful shutdown): it becomes
   * due again at once, its attempt uncounted, instead of waiting out the claim. Without it, such an
   * item waits for its claim to expire, as after a crash.
   */
  release?: (item: Item) => Promise<void>;
  /** Records that the item is given up (it stays in its table with its error). */
  giveUp: (item: Item, error: unknown) => Promise<void>;
  /** Delay after the n-th failed attempt. */
  retryDelayMs: (attempts: number) => number;
  /** Attempts before giving up; unlimited without it. */
  maxAttempts?: number | undefined;
  /** An error that will fail the same way every time: given up at once. */
  isPermanent?: (error: unknown) => boolean;
  /** Reports a round that failed as a whole (the database unreachable). */
  onRoundError: (error: unknown) => void;
  now?: (() => Date) | undefined;
  /** How often to look for due items when nobody calls `wake()`. Default 5 s. */
  pollIntervalMs?: number | undefined;
  /** Items claimed per transaction. Default 20. */
  batchSize?: number | undefined;
  /** How long a claimed item stays invisible to other workers. Default 5 min. */
  claimMs?: number | undefined;
};

export type QueueWorker = {
  /** Runs every item due now (claiming until none is left) and reports the attempts made. */
  runOnce(): Promise<{ done: number; failed: number }>;
  /** Runs a round right away, e.g. after a transaction that queued an item has committed. */
  wake(): void;
  /** Stops polling and waits for the item in progress; the round's other claimed items are released. */
  stop(): Promise<void>;
};

export function startQueueWorker<Item extends QueueItem>(options: QueueWorkerOptions<Item>): QueueWorker {
  const now = options.now ?? (() => new Date());
  const pollIntervalMs = options.pollIntervalMs ?? 5_000;
  const batchSize = options.batchSize ?? 20;
  const claimMs = options.claimMs ?? 5 * 60_000;

  async function attempt(item: Item): Promise<"done" | "failed"> {
    try {
      await options.run(item, now());
    } catch (error) {
      const givingUp = (options.isPermanent?.(error) ?? false) || (options.maxAttempts !== undefined && item.attempts >= options.maxAttempts);
      if (givingUp) await options.giveUp(item, error);
      else {
        const retryInMs = options.retryDelayMs(item.attempts);
        await options.retry(item, error, new Date(now().getTime() + retryInMs), retryInMs);
      }
      return "failed";
    }
    await options.complete(item, now());
    return "done";
  }

  let stopped = false;

  async function runDue(): Promise<{ done: number; failed: number }> {
    const result = { done: 0, failed: 0 };
    // A stopping worker finishes the item it is on and claims nothing more.
    while (!stopped) {
      const at = now();
      const claimed = await options.claim(at, new Date(at.getTime() + claimMs), batchSize);
      if (claimed.length === 0) return result;
      for (const [index, item] of claimed.entries()) {
        if (stopped) {
          await releaseAll(claimed.slice(index));
          return result;
        }
        result[await attempt(item)] += 1;
      }
    }
    return result;
  }

  async function releaseAll(items: Item[]) {
    const { release } = options;
    if (!release) return;
    for (const item of items) await release(item);
  }

  // Rounds never overlap within one process: a second caller waits for the first round to end.
  let queue: Promise<unknown> = Promise.resolve();
  function runOnce() {
    const round = queue.then(runDue);
    queue = round.catch(() => undefined);
    return round;
  }

  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let wokenDuringTick = false;

  function schedule(delayMs: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), delayMs);
    // A background poller must not keep the process (or a test run) alive on its own.
    timer.unref();
  }

  async function tick() {
    ticking = true;
    try {
      await runOnce();
    } catch (error) {
      options.onRoundError(error);
    } finally {
      ticking = false;
    }
    // A wake() that arrived mid-round may be for an item committed after this round's claim.
    const again = wokenDuringTick;
    wokenDuringTick = false;
    schedule(again ? 0 : pollIntervalMs);
  }

  schedule(pollIntervalMs);

  return {
    runOnce,
    wake() {
      if (ticking) wokenDuringTick = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await queue;
    },
  };
}
