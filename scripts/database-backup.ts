/**
 * Backup and restore of everything the site keeps (README "Backups"): the database — `pg_dump`'s
 * custom format on PostgreSQL, the closed data folder as a tarball when embedded (PGlite) — plus the booking and
 * event-image uploads and the generated secrets from DATA_DIR (sessions, manage links and the sandbox
 * webhooks are signed with them). A backup is a folder:
 *
 *   npm run db:backup -- backups/2026-11-23      (the site may run on PostgreSQL; stop it first on PGlite)
 *   npm run db:restore -- backups/2026-11-23     (the site stopped; PGlite refuses a DATA_DIR with a database in it)
 *
 * DATABASE_URL and DATA_DIR are read as the site reads them (server/env.ts). With S3_* set the uploads and
 * event images live in the bucket, not in DATA_DIR (decision 049): the backup says so and leaves them to
 * the storage provider's own tools rather than pretending to have saved them.
 */
import { execFileSync } from "node:child_process";
import { cp, mkdir, readdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv } from "../server/env";
import { ensurePostgresInstalled } from "./postgres-cluster";

export type BackupTarget = { databaseUrl?: string | undefined; dataDir: string };

/** What a backup or a restore leaves out when the files are in a bucket: said every time, so that nobody takes the folder for the whole site. */
export function bucketNotice(bucket: string, command: "backup" | "restore"): string {
  return command === "backup"
    ? `The booking uploads and event images are in the S3 bucket "${bucket}" (S3_BUCKET), not in DATA_DIR: this backup does NOT contain them. ` +
        "Back the bucket up with the storage provider's own tools (versioning, replication, or a copy with aws s3 sync / mc mirror), at the same time as the database."
    : `The booking uploads and event images are in the S3 bucket "${bucket}" (S3_BUCKET): this restore did not touch them. ` +
        "Restore the bucket from the storage provider's backup of the same time, or downloads of files the database names answer 404.";
}

const pgDumpFile = "database.pgdump";
const pgliteFile = "database.pglite.tar.gz";
/** What of DATA_DIR besides the database belongs in a backup (the outbox is mail already sent or kept for development). */
const dataDirEntries = ["uploads", "jwt-secret", "sandbox-webhook-secret"];

async function copyDataDirEntries(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of dataDirEntries) {
    const source = path.join(from, entry);
    if (existsSync(source)) await cp(source, path.join(to, entry), { recursive: true, preserveTimestamps: true });
  }
}

export async function backupDatabase(target: BackupTarget, folder: string): Promise<{ database: string; files: string[] }> {
  await mkdir(folder, { recursive: true });
  if ((await readdir(folder)).length > 0) throw new Error(`${folder} is not empty: a backup goes into a new folder`);
  let database: string;
  if (target.databaseUrl) {
    database = path.join(folder, pgDumpFile);
    execFileSync(
      path.join(ensurePostgresInstalled(), "pg_dump"),
      ["--format=custom", "--no-owner", "--no-privileges", `--file=${database}`, `--dbname=${target.databaseUrl}`],
      {
        stdio: ["ignore", "inherit", "inherit"],
      },
    );
  } else {
    const pgliteDir = path.join(target.dataDir, "db");
    if (!existsSync(pgliteDir)) throw new Error(`no PGlite database in ${pgliteDir}`);
    // PGlite keeps postmaster.pid while a process has the folder open: a copy then would not be consistent.
    if (existsSync(path.join(pgliteDir, "postmaster.pid")))
      throw new Error(`${pgliteDir} is open (postmaster.pid): stop the site first (after a crash, start and stop it once)`);
    // The closed data folder is the dump (PGlite's dumpDataDir never settles on a folder on disk in 0.5.16).
    database = path.join(folder, pgliteFile);
    execFileSync("tar", ["--create", "--gzip", `--file=${database}`, `--directory=${target.dataDir}`, "db"], { stdio: ["ignore", "inherit", "inherit"] });
  }
  await copyDataDirEntries(target.dataDir, path.join(folder, "data"));
  return { database, files: await readdir(path.join(folder, "data")) };
}

export async function restoreDatabase(target: BackupTarget, folder: string): Promise<void> {
  if (target.databaseUrl) {
    const dump = path.join(folder, pgDumpFile);
    if (!existsSync(dump)) throw new Error(`${dump} is missing (a PGlite backup restores only into PGlite)`);
    // --clean --if-exists: a database that already has the site's tables gets them replaced by the backup's.
    execFileSync(
      path.join(ensurePostgresInstalled(), "pg_restore"),
      ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", `--dbname=${target.databaseUrl}`, dump],
      { stdio: ["ignore", "inherit", "inherit"] },
    );
  } else {
    const dump = path.join(folder, pgliteFile);
    if (!existsSync(dump)) throw new Error(`${dump} is missing (a PostgreSQL backup restores only into PostgreSQL)`);
    const pgliteDir = path.join(target.dataDir, "db");
    if (existsSync(pgliteDir) && (await readdir(pgliteDir)).length > 0)
      throw new Error(`${pgliteDir} already holds a database: move it away first (nothing was changed)`);
    await mkdir(target.dataDir, { recursive: true });
    execFileSync("tar", ["--extract", "--gzip", `--file=${dump}`, `--directory=${target.dataDir}`], { stdio: ["ignore", "inherit", "inherit"] });
  }
  await copyDataDirEntries(path.join(folder, "data"), target.dataDir);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [command, folder] = process.argv.slice(2);
  if ((command !== "backup" && command !== "restore") || !folder) {
    console.error("usage: tsx scripts/database-backup.ts backup|restore <folder>");
    process.exit(2);
  }
  const env = parseEnv(process.env);
  const target = { databaseUrl: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) };
  if (command === "backup") {
    const { database, files } = await backupDatabase(target, path.resolve(folder));
    console.log(`Backed up ${target.databaseUrl ? "PostgreSQL" : "PGlite"} to ${database}, and ${files.join(", ") || "no files"} from ${target.dataDir}.`);
  } else {
    await restoreDatabase(target, path.resolve(folder));
    console.log(`Restored ${folder} into ${target.databaseUrl ? "PostgreSQL" : `PGlite in ${target.dataDir}`}.`);
  }
  if (env.s3) console.warn(bucketNotice(env.s3.bucket, command));
}
