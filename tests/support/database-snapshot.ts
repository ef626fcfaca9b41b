import { sql } from "drizzle-orm";
import type { Database } from "../../server/db/client";

/** Every row of every table of the app's schema, as JSON text, sorted: two equal snapshots mean an unchanged database. */
export type DatabaseSnapshot = Record<string, string[]>;

function rowsOf(result: unknown): Record<string, unknown>[] {
  // node-postgres and PGlite both answer `{ rows }`.
  const rows = (result as { rows?: unknown }).rows;
  if (!Array.isArray(rows)) throw new Error("the driver answered no rows");
  return rows as Record<string, unknown>[];
}

/**
 * Dumps every table of the `public` schema (the whole data model; the migrations' own bookkeeping
 * lives elsewhere). Each row is PostgreSQL's own JSON of it, so timestamps keep their microseconds
 * and jsonb its exact content; rows are ordered by that text, so the physical order does not matter.
 */
export async function snapshotDatabase(db: Database): Promise<DatabaseSnapshot> {
  const tables = rowsOf(
    await db.execute(
      sql`select quote_ident(table_name) as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ).map((row) => String(row.name));
  const snapshot: DatabaseSnapshot = {};
  for (const table of tables) {
    // The name comes from the catalogue, quoted by PostgreSQL itself.
    const rows = rowsOf(await db.execute(sql.raw(`select row_to_json(t)::text as row from public.${table} t order by 1`)));
    snapshot[table] = rows.map((row) => String(row.row));
  }
  return snapshot;
}
