import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync, existsSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { backupDatabase, restoreDatabase } from "../../scripts/database-backup";
import { startPostgresCluster, type PostgresCluster } from "../../scripts/postgres-cluster";
import { openDatabase, type Database } from "../../server/db/client";
import { bookings, events, formVersions, participants, staffAuditLog } from "../../server/db/schema";
import { seedIfEmpty } from "../../server/seed/seed-if-empty";

/**
 * Backups (issue 15): what a backup holds comes back whole — on PGlite (its closed data folder) and on
 * PostgreSQL (pg_dump / pg_restore) — with the uploads and the generated secrets of DATA_DIR.
 */
const parent = mkdtempSync(path.join(tmpdir(), "backup-restore-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

async function countsOf(db: Database) {
  const tally = async (table: typeof bookings | typeof events | typeof formVersions | typeof participants | typeof staffAuditLog) =>
    (await db.select({ rows: count() }).from(table))[0]?.rows ?? 0;
  return {
    bookings: await tally(bookings),
    events: await tally(events),
    formVersions: await tally(formVersions),
    participants: await tally(participants),
    audit: await tally(staffAuditLog),
  };
}

function writeDataDirFiles(dataDir: string) {
  mkdirSync(path.join(dataDir, "uploads", "images"), { recursive: true });
  writeFileSync(path.join(dataDir, "uploads", "7f0c-licence.pdf"), "%PDF-1.4 licence");
  writeFileSync(path.join(dataDir, "uploads", "images", "abc-480.webp"), "RIFF....WEBP");
  writeFileSync(path.join(dataDir, "jwt-secret"), "secret-of-this-site");
}

function expectDataDirFiles(dataDir: string) {
  expect(readFileSync(path.join(dataDir, "uploads", "7f0c-licence.pdf"), "utf8")).toBe("%PDF-1.4 licence");
  expect(readFileSync(path.join(dataDir, "uploads", "images", "abc-480.webp"), "utf8")).toBe("RIFF....WEBP");
  expect(readFileSync(path.join(dataDir, "jwt-secret"), "utf8")).toBe("secret-of-this-site");
}

describe("backup and restore", () => {
  it("PGlite: the closed data folder and the files come back whole in a new DATA_DIR; an occupied one is refused untouched", async () => {
    const dataDir = path.join(parent, "pglite-site");
    const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
    await seedIfEmpty(database.db, new Date("2026-11-23T10:00:00Z"));
    const before = await countsOf(database.db);
    await database.close();
    writeDataDirFiles(dataDir);
    expect(before.bookings).toBeGreaterThan(0);

    const folder = path.join(parent, "pglite-backup");
    await backupDatabase({ dataDir }, folder);
    const restoredDir = path.join(parent, "pglite-restored");
    await restoreDatabase({ dataDir: restoredDir }, folder);
    const restored = await openDatabase({ dataDir: path.join(restoredDir, "db") });
    try {
      expect(await countsOf(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
    expectDataDirFiles(restoredDir);

    // Restoring over a database that is there would lose it: refused, and nothing in it changes.
    const files = readdirSync(path.join(restoredDir, "db")).sort();
    await expect(restoreDatabase({ dataDir: restoredDir }, folder)).rejects.toThrow(/already holds a database/);
    expect(readdirSync(path.join(restoredDir, "db")).sort()).toEqual(files);
    await expect(backupDatabase({ dataDir }, folder)).rejects.toThrow(/not empty/);
  }, 120_000);

  it("PostgreSQL: pg_dump and pg_restore bring every row back into another database", async () => {
    let cluster: PostgresCluster | null = null;
    const adminUrl = inject("postgresAdminUrl") ?? (cluster = await startPostgresCluster(path.resolve(".tmp"))).url;
    const names = [`backup_${randomBytes(5).toString("hex")}`, `restore_${randomBytes(5).toString("hex")}`];
    const urlOf = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (const name of names) await admin.query(`CREATE DATABASE ${name}`);
      const dataDir = path.join(parent, "postgres-site");
      const source = await openDatabase({ databaseUrl: urlOf(names[0] ?? ""), poolSize: 2 });
      await seedIfEmpty(source.db, new Date("2026-11-23T10:00:00Z"));
      const before = await countsOf(source.db);
      await source.close();
      writeDataDirFiles(dataDir);

      const folder = path.join(parent, "postgres-backup");
      await backupDatabase({ databaseUrl: urlOf(names[0] ?? ""), dataDir }, folder);
      expect(existsSync(path.join(folder, "database.pgdump"))).toBe(true);
      const restoredDir = path.join(parent, "postgres-restored");
      await restoreDatabase({ databaseUrl: urlOf(names[1] ?? ""), dataDir: restoredDir }, folder);
      // Opening runs the migrations: none is left to run, and the rows are the backup's.
      const restored = await openDatabase({ databaseUrl: urlOf(names[1] ?? ""), poolSize: 2 });
      try {
        expect(await countsOf(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
      expectDataDirFiles(restoredDir);
    } finally {
      for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      cluster?.stop();
    }
  }, 180_000);
});
