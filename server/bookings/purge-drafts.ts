import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { bookings, jobs, uploads } from "../db/schema";
import type { FileStore } from "../deps/file-store";

export const purgeDraftsJob = "bookings.purge-stale-drafts";

/**
 * How long drafts are kept (decision 006): a draft someone worked on stays as long as the browser's
 * booking cookie can resume it; one that was only opened (every GET of a booking page starts one,
 * crawlers included) and never saved goes after a day.
 */
export const draftRetention = { untouchedMs: 24 * 3600_000, savedMs: 30 * 24 * 3600_000 };
const purgeEveryMs = 6 * 3600_000;
const batchSize = 500;

/**
 * Deletes stale drafts with everything hanging off them (participants, answers, uploads: the rows
 * cascade), then their uploaded files. Submitted bookings are never touched. Rows go in batches
 * that skip drafts locked by a save in progress, so a purge never blocks a visitor.
 */
export async function purgeStaleDrafts(db: Database, input: { now: Date; files?: FileStore | undefined }): Promise<{ drafts: number; files: number }> {
  const untouchedBefore = new Date(input.now.getTime() - draftRetention.untouchedMs);
  const savedBefore = new Date(input.now.getTime() - draftRetention.savedMs);
  let drafts = 0;
  let files = 0;
  for (;;) {
    const storageKeys = await db.transaction(async (tx) => {
      const stale = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, "draft"),
            or(
              lt(bookings.updatedAt, savedBefore),
              and(
                lt(bookings.updatedAt, untouchedBefore),
                eq(bookings.updatedAt, bookings.createdAt),
                sql`not exists (select 1 from ${uploads} where ${uploads.bookingId} = ${bookings.id})`,
              ),
            ),
          ),
        )
        .limit(batchSize)
        .for("update", { skipLocked: true });
      if (!stale.length) return null;
      const ids = stale.map((row) => row.id);
      const keys = await tx.select({ storageKey: uploads.storageKey }).from(uploads).where(inArray(uploads.bookingId, ids));
      const deleted = await tx
        .delete(bookings)
        .where(and(inArray(bookings.id, ids), eq(bookings.status, "draft")))
        .returning({ id: bookings.id });
      drafts += deleted.length;
      return keys.map((row) => row.storageKey);
    });
    if (storageKeys === null) break;
    // Files go after the rows are gone: a crash in between leaves an unreferenced file, never a row without its file.
    if (input.files) {
      for (const key of storageKeys) {
        await input.files.remove(key);
        files += 1;
      }
    }
  }
  return { drafts, files };
}

/** pg_advisory_xact_lock key of the scheduling below. */
const scheduleLockKey = 7_352_050;

/**
 * Makes sure one clean-up is scheduled (at boot); the job schedules its next run itself. Under a lock:
 * processes starting together (WEB_CONCURRENCY, decision 050) would otherwise each find none pending
 * and start a chain of their own, every one of them rescheduling itself for ever.
 */
export async function scheduleDraftPurge(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${scheduleLockKey})`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, purgeDraftsJob), isNull(jobs.doneAt)))
      .limit(1);
    if (!pending) await tx.insert(jobs).values({ kind: purgeDraftsJob, payload: {}, runAt: now });
  });
}

/** The job: purge, then schedule the next run. */
export async function runDraftPurge(db: Database, input: { now: Date; files?: FileStore | undefined }) {
  const purged = await purgeStaleDrafts(db, input);
  await db.insert(jobs).values({ kind: purgeDraftsJob, payload: {}, runAt: new Date(input.now.getTime() + purgeEveryMs) });
  return purged;
}
