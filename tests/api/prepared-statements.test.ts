import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { preparedPerDatabase } from "../../server/db/prepared-statements";
import { rateLimits } from "../../server/db/schema";
import { createTestDatabase } from "../support/test-database";

/**
 * Hot statements are prepared with drizzle's `.prepare()` once per database, and once per transaction
 * for those used inside one (issue 29). Kept wrongly, a statement of a submission would run outside its
 * transaction: it would miss the transaction's own writes and its locks would not be the transaction's.
 */
let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

let builds = 0;
const preparedCount = preparedPerDatabase((db) => {
  builds += 1;
  return db
    .select({ points: rateLimits.points })
    .from(rateLimits)
    .where(eq(rateLimits.key, sql.placeholder("key")))
    .prepare("test_rate_limit_points");
});

describe("a statement prepared once per database or transaction", () => {
  it("is built once and runs in the transaction it is used in, seeing that transaction's own writes", async () => {
    const { db } = database;
    const key = `prepared-${Date.now()}`;
    expect(await preparedCount(db).execute({ key })).toEqual([]);
    const buildsBefore = builds;

    class RolledBack extends Error {}
    const seenInside = await db
      .transaction(async (tx) => {
        await tx.insert(rateLimits).values({ key, points: 7, expire: null });
        const rows = await preparedCount(tx).execute({ key });
        // Used again in the same transaction: the same statement, not built anew.
        await preparedCount(tx).execute({ key });
        throw new RolledBack(JSON.stringify(rows));
      })
      .catch((error: unknown) => (error instanceof RolledBack ? (JSON.parse(error.message) as unknown) : Promise.reject(error)));
    expect(seenInside).toEqual([{ points: 7 }]);
    // The write was the transaction's: rolled back with it, and the database's own statement never saw it.
    expect(await preparedCount(db).execute({ key })).toEqual([]);
    // Built once for the transaction, never again for the database.
    expect(builds).toBe(buildsBefore + 1);
  });

  it("keeps transactions apart: a row one transaction has not committed is not seen by another", async () => {
    if (database.driver !== "postgres") return; // PGlite runs one transaction at a time on its one connection.
    const { db } = database;
    const key = `prepared-apart-${Date.now()}`;
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted: () => void = () => undefined;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const writer = db.transaction(async (tx) => {
      await tx.insert(rateLimits).values({ key, points: 3, expire: null });
      expect(await preparedCount(tx).execute({ key })).toEqual([{ points: 3 }]);
      inserted();
      await held;
    });
    await insertedYet;
    const seenByOther = await db.transaction((tx) => preparedCount(tx).execute({ key }));
    release();
    await writer;
    expect(seenByOther).toEqual([]);
    expect(await preparedCount(db).execute({ key })).toEqual([{ points: 3 }]);
  });
});
