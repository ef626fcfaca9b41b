import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { migrationsFolder, type Database } from "./client";

export type Readiness = { ready: boolean; database: "reachable" | "unreachable"; migrations: { applied: number; expected: number } };

/** How many migrations this build ships with (drizzle-kit's journal), read once. */
let expectedMigrations: number | undefined;
function migrationsInBuild(): number {
  expectedMigrations ??= z
    .object({ entries: z.array(z.unknown()) })
    .parse(JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"))).entries.length;
  return expectedMigrations;
}

/** A database that does not answer within this is as good as down for a balancer deciding where to send visitors. */
const answerWithinMs = 2000;

/**
 * `GET /readyz`: the database answers, and it has every migration this build expects (a process of a
 * newer build must not serve before its migrations ran; one of an older build may, since migrations
 * only add). Never throws: a failure is "not ready".
 */
export async function checkReadiness(db: Database): Promise<Readiness> {
  const expected = migrationsInBuild();
  try {
    const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("database did not answer in time")), answerWithinMs).unref());
    const answer: unknown = await Promise.race([db.execute(sql`select count(*)::int as applied from drizzle.__drizzle_migrations`), timeout]);
    // Both drivers answer `{ rows: [...] }`; the generic database type does not say so.
    const [row] = z.object({ rows: z.array(z.object({ applied: z.number() })).length(1) }).parse(answer).rows;
    const applied = row?.applied ?? 0;
    return { ready: applied >= expected, database: "reachable", migrations: { applied, expected } };
  } catch {
    return { ready: false, database: "unreachable", migrations: { applied: 0, expected } };
  }
}
