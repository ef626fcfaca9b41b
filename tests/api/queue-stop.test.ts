import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { jobs } from "../../server/db/schema";
import { startJobWorker } from "../../server/jobs/job-worker";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

it("a stopping worker finishes the job it is on and hands the other claimed jobs back, due at once (graceful shutdown)", async () => {
  const kind = "test-slow-job";
  const runAt = new Date(Date.now() - 1000);
  const inserted = await database.db
    .insert(jobs)
    .values([0, 1, 2].map((index) => ({ kind, payload: { index }, runAt: new Date(runAt.getTime() + index) })))
    .returning({ id: jobs.id });
  const ids = inserted.map((row) => row.id);

  let started!: () => void;
  const firstStarted = new Promise<void>((resolve) => (started = resolve));
  let finish!: () => void;
  const firstMayFinish = new Promise<void>((resolve) => (finish = resolve));
  const ran: unknown[] = [];
  const worker = startJobWorker({
    db: database.db,
    pollIntervalMs: 60_000,
    handlers: {
      [kind]: async (payload) => {
        ran.push(payload.index);
        started();
        await firstMayFinish;
      },
    },
  });
  const round = worker.runOnce();
  await firstStarted;
  const stopped = worker.stop();
  finish();
  await stopped;
  await round;

  expect(ran).toEqual([0]);
  const rows = await database.db.select().from(jobs).where(inArray(jobs.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  // The one that ran is done; the two never started are claimable now, their attempt not counted.
  expect(byId.get(ids[0] ?? "")).toMatchObject({ attempts: 1, lockedUntil: null });
  expect(byId.get(ids[0] ?? "")?.doneAt).not.toBeNull();
  for (const id of ids.slice(1)) expect(byId.get(id)).toMatchObject({ attempts: 0, lockedUntil: null, doneAt: null });

  await database.db.delete(jobs).where(eq(jobs.kind, kind));
});
