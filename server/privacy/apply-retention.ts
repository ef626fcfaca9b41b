import { and, asc, eq, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import { addDays, operatorToday } from "../../core/domain/dates";
import type { Database } from "../db/client";
import { bookingEvents, bookings, events, jobs, sites, uploads } from "../db/schema";
import type { FileStore } from "../deps/file-store";
import { erasePersonalData, removeFiles } from "./erase-personal-data";

export const retentionJob = "privacy.apply-retention";
const runEveryMs = 24 * 3600_000;
const batchSize = 200;
/** pg_advisory_xact_lock key of the scheduling below. */
const scheduleLockKey = 7_352_076;

export type RetentionOutcome = { uploadsDeleted: number; filesRemoved: number; bookingsAnonymized: number };

/**
 * The retention settings (decision 076), applied once: a submitted booking's uploads are deleted when
 * its event's last day is `upload_retention_days` behind today, its personal answers anonymized when
 * it is `answer_retention_days` behind. Invoices are never touched (they keep their own snapshot for the
 * statutory period). Bookings go in batches that skip rows a visitor or staff hold; one audit row per
 * booking in the transaction that changes it; the files go after the rows.
 */
export async function applyRetention(deps: { db: Database; files: FileStore }, input: { now: Date }): Promise<RetentionOutcome> {
  const { db } = deps;
  const [site] = await db.select({ uploadDays: sites.uploadRetentionDays, answerDays: sites.answerRetentionDays }).from(sites).orderBy(asc(sites.id)).limit(1);
  const outcome: RetentionOutcome = { uploadsDeleted: 0, filesRemoved: 0, bookingsAnonymized: 0 };
  if (!site) return outcome;
  const today = operatorToday(input.now);

  // Uploads: every submitted booking of an event that ended `uploadDays` ago or earlier (drafts are purge-drafts.ts's).
  const uploadsEndedBy = addDays(today, -site.uploadDays);
  for (;;) {
    const storageKeys = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: bookings.id, status: bookings.status })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(
          and(
            ne(bookings.status, "draft"),
            lte(events.endsOn, uploadsEndedBy),
            sql`exists (select 1 from ${uploads} where ${uploads.bookingId} = ${bookings.id})`,
          ),
        )
        .limit(batchSize)
        .for("update", { of: bookings, skipLocked: true });
      if (due.length === 0) return null;
      const deleted = await tx
        .delete(uploads)
        .where(
          inArray(
            uploads.bookingId,
            due.map((row) => row.id),
          ),
        )
        .returning({ bookingId: uploads.bookingId, storageKey: uploads.storageKey });
      await tx.insert(bookingEvents).values(
        due.map((row) => ({
          bookingId: row.id,
          fromStatus: row.status,
          toStatus: row.status,
          cause: "uploaded files deleted after the retention period",
          details: {
            action: "uploads_deleted",
            reason: "retention",
            uploads_deleted: deleted.filter((file) => file.bookingId === row.id).length,
            days: site.uploadDays,
          },
          at: input.now,
        })),
      );
      outcome.uploadsDeleted += deleted.length;
      return deleted.map((row) => row.storageKey);
    });
    if (storageKeys === null) break;
    outcome.filesRemoved += await removeFiles(deps.files, storageKeys);
  }

  // Personal answers: once per booking (`answers_erased_at`).
  const answersEndedBy = addDays(today, -site.answerDays);
  for (;;) {
    const anonymized = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(and(ne(bookings.status, "draft"), isNull(bookings.answersErasedAt), lte(events.endsOn, answersEndedBy)))
        .limit(batchSize)
        .for("update", { of: bookings, skipLocked: true });
      if (due.length === 0) return 0;
      const erased = await erasePersonalData(tx, {
        bookingIds: due.map((row) => row.id),
        depth: "answers",
        reason: "retention",
        now: input.now,
        details: { days: site.answerDays },
      });
      return erased.bookings;
    });
    if (anonymized === 0) break;
    outcome.bookingsAnonymized += anonymized;
  }
  return outcome;
}

/** Makes sure one run is scheduled (at boot), under a lock so that processes starting together make one chain (as purge-drafts.ts). */
export async function scheduleRetention(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${scheduleLockKey})`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, retentionJob), isNull(jobs.doneAt)))
      .limit(1);
    if (!pending) await tx.insert(jobs).values({ kind: retentionJob, payload: {}, runAt: now });
  });
}

/** The daily job: apply the settings, then schedule the next run. */
export async function runRetention(deps: { db: Database; files: FileStore }, input: { now: Date }): Promise<RetentionOutcome> {
  const outcome = await applyRetention(deps, input);
  await deps.db.insert(jobs).values({ kind: retentionJob, payload: {}, runAt: new Date(input.now.getTime() + runEveryMs) });
  return outcome;
}
