import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import { backoffMs, claimDueRows, startQueueWorker } from "../queue/durable-queue";

export type JobHandler = (payload: Record<string, unknown>, now: Date) => Promise<unknown>;
export type JobLogger = { error: (details: object, message: string) => void; info: (details: object, message: string) => void };

export type JobWorkerOptions = {
  db: Database;
  handlers: Record<string, JobHandler>;
  logger?: JobLogger;
  now?: () => Date;
  pollIntervalMs?: number;
  /** How long a claimed job stays invisible to other workers; a crashed worker's job runs again after it. */
  claimMs?: number;
};

/** Minutes to wait before a failed job runs again: 1, 2, 4 … at most 60. */
export function jobRetryDelayMs(attempts: number): number {
  return backoffMs(attempts, 60_000, 60 * 60_000);
}

type ClaimedJob = typeof jobs.$inferSelect;

/**
 * Runs durable jobs from the `jobs` table when they fall due (hold expiry, reminders, webhooks, …) on
 * the one queue of `server/queue/durable-queue.ts`. A job is retried until it succeeds (its handler
 * decides when there is nothing left to do); a job kind without a handler fails and waits like any other.
 */
export function startJobWorker(options: JobWorkerOptions) {
  const { db } = options;
  const worker = startQueueWorker<ClaimedJob>({
    claim: async (at, claimUntil, limit) => {
      const due = await claimDueRows<typeof jobs, ClaimedJob>(db, {
        table: jobs,
        id: jobs.id,
        due: and(isNull(jobs.doneAt), lte(jobs.runAt, at), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, at))),
        order: jobs.runAt,
        orderOf: (job) => job.runAt.getTime(),
        limit,
        claim: { lockedUntil: claimUntil, attempts: sql`${jobs.attempts} + 1` },
      });
      // As claimed: the attempt counted, locked until the claim expires.
      return due;
    },
    run: async (job, now) => {
      const handler = options.handlers[job.kind];
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload, now);
    },
    complete: async (job, now) => {
      await db.update(jobs).set({ doneAt: now, lockedUntil: null, lastError: null }).where(eq(jobs.id, job.id));
    },
    retry: async (job, error, retryAt) => {
      const lastError = error instanceof Error ? error.message : String(error);
      options.logger?.error({ jobId: job.id, kind: job.kind, err: lastError }, "job failed; will retry");
      await db.update(jobs).set({ lockedUntil: null, lastError, runAt: retryAt }).where(eq(jobs.id, job.id));
    },
    // Claimed but not started when the process stopped: due again now, as it was before the claim.
    release: async (job) => {
      await db
        .update(jobs)
        .set({ lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
        .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)));
    },
    // Jobs have no attempt limit: never called.
    giveUp: () => Promise.resolve(),
    retryDelayMs: jobRetryDelayMs,
    onRoundError: (error) => options.logger?.error({ err: error }, "job round failed"),
    now: options.now,
    pollIntervalMs: options.pollIntervalMs,
    claimMs: options.claimMs,
  });

  return {
    /** Runs every job due now and answers how many succeeded. */
    runOnce: async () => (await worker.runOnce()).done,
    wake: worker.wake,
    stop: worker.stop,
  };
}

export type JobWorker = ReturnType<typeof startJobWorker>;
