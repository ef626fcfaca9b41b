import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { projectRoot } from "../project-root";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The driver-independent Drizzle database: PGlite and node-postgres share this interface. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Anything that can run a query: the database or an open transaction. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PostgreSQL only: the pool's connections, for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

export const migrationsFolder = path.join(projectRoot, "drizzle");

export type DatabaseConfig = {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  pglite?: PGlite | undefined;
  poolSize?: number;
  onPoolError?: (error: Error) => void;
  /** Runs after the migrations, under the same lock (the seed): processes starting together do it once. */
  afterMigrations?: (db: Database) => Promise<void>;
};

/** pg_advisory_lock key of the start-up work (migrations, seed); any constant the site uses for nothing else. */
const startupLockKey = 7_310_050;

function defaultPoolError(error: Error) {
  console.warn(`PostgreSQL closed an idle connection: ${error.message}`);
}

/**
 * Opens the database and brings it to the newest migration. A real server when a URL is given,
 * otherwise embedded PGlite in `dataDir` (or in memory when `dataDir` is undefined).
 */
export async function openDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.poolSize ?? 20 });
    // An idle connection that the server closes (restart, failover, a dropped test database) must not
    // crash the process: the pool replaces it on the next query.
    pool.on("error", (error) => (config.onPoolError ?? defaultPoolError)(error));
    const db = drizzlePostgres(pool, { schema });
    // Several processes (WEB_CONCURRENCY, or one per machine) may start at once: one migrates and
    // seeds, the others wait and then find nothing left to do (decision 050). The lock is a session's,
    // so it is held on one connection while the work runs on others.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [startupLockKey]);
      await migratePostgres(db, { migrationsFolder });
      await config.afterMigrations?.(db);
    } catch (error) {
      lock.release(true);
      await pool.end();
      throw error;
    }
    await lock.query("select pg_advisory_unlock($1)", [startupLockKey]);
    lock.release();
    return {
      db,
      driver: "postgres",
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  let client = config.pglite;
  if (!client) {
    if (config.dataDir) {
      mkdirSync(config.dataDir, { recursive: true });
      if (!existsSync(path.join(config.dataDir, "PG_VERSION"))) await initialisePgliteDataDir(config.dataDir);
    }
    client = new PGlite(config.dataDir, { startParams: pgliteStartParams });
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  await config.afterMigrations?.(db);
  const owned = client;
  return { db, driver: "pglite", close: () => owned.close() };
}

/**
 * PGlite's PostgreSQL lives in WebAssembly memory, which only grows: with PostgreSQL's default
 * shared_buffers of 128 MB (initdb writes it into postgresql.conf) the process held ~200 MB of it
 * before the first request. The database is tens of MB and its files stay in the operating system's
 * page cache, so 32 MB of buffers cost little speed and ~100 MB less memory (decision 051).
 */
export const pgliteStartParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=32MB"];

/**
 * initdb for a new PGlite data folder, in a short-lived node process. Run in this process, initdb's
 * and its helper instance's WebAssembly memories (~430 MB) stayed resident until V8 happened to run
 * a full collection, which a quiet server may not do for hours: a first start showed ~900 MB. A
 * worker thread was not enough either: the allocator kept its arena (~150 MB). A process gives all of
 * it back when it exits (decision 051); this happens once per data folder.
 */
async function initialisePgliteDataDir(dataDir: string): Promise<void> {
  const pgliteModule = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  // CommonJS, as `node -e` is; the package ships a CommonJS build.
  const code = `
    const [pgliteModule, dataDir, startParams] = JSON.parse(process.argv[1]);
    require(pgliteModule).PGlite.create(dataDir, { startParams }).then((db) => db.close());
  `;
  await promisify(execFile)(process.execPath, ["-e", code, JSON.stringify([pgliteModule, dataDir, pgliteStartParams])], { maxBuffer: 16 * 1024 * 1024 });
}
