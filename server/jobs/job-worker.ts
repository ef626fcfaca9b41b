import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";

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
  return Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;
}

/**
 * Runs durable jobs from the `jobs` table when they fall due (hold expiry, later reminders). Jobs
 * live in the database, so a restart loses none: the next worker finds them due and runs them.
 * Claims use `FOR UPDATE SKIP LOCKED`, so several processes never run the same job at once.
 */
export function startJobWorker(options: JobWorkerOptions) {
  const now = options.now ?? (() => new Date());
  const claimMs = options.claimMs ?? 5 * 60_000;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function claimDue() {
    const at = now();
    return options.db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, at), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, at))))
        .orderBy(asc(jobs.runAt))
        .limit(20)
        .for("update", { skipLocked: true });
      for (const job of due) {
        await tx
          .update(jobs)
          .set({ lockedUntil: new Date(at.getTime() + claimMs), attempts: sql`${jobs.attempts} + 1` })
          .where(eq(jobs.id, job.id));
      }
      return due;
    });
  }

  async function runDue(): Promise<number> {
    let done = 0;
    for (;;) {
      const due = await claimDue();
      if (due.length === 0) return done;
      for (const job of due) {
        const handler = options.handlers[job.kind];
        try {
          if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
          await handler(job.payload, now());
          await options.db.update(jobs).set({ doneAt: now(), lockedUntil: null, lastError: null }).where(eq(jobs.id, job.id));
          done += 1;
        } catch (error) {
          const lastError = error instanceof Error ? error.message : String(error);
          options.logger?.error({ jobId: job.id, kind: job.kind, err: lastError }, "job failed; will retry");
          await options.db
            .update(jobs)
            .set({ lockedUntil: null, lastError, runAt: new Date(now().getTime() + jobRetryDelayMs(job.attempts + 1)) })
            .where(eq(jobs.id, job.id));
        }
      }
    }
  }

  function runOnce(): Promise<number> {
    running ??= runDue().finally(() => {
      running = null;
    });
    return running;
  }

  const timer = setInterval(() => {
    if (!stopped) void runOnce().catch((error: unknown) => options.logger?.error({ err: error }, "job round failed"));
  }, options.pollIntervalMs ?? 5000);
  timer.unref();

  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type JobWorker = ReturnType<typeof startJobWorker>;
