import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../server/db/client";
import { seedIfEmpty } from "../../server/seed/seed-if-empty";

export const templateDatabaseName = "booking_template";

declare module "vitest" {
  export interface ProvidedContext {
    postgresAdminUrl: string | null;
    pgliteTemplatePath: string | null;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Migrates and seeds one template database per run, so that each test file starts from a copy of it
 * in well under a second: a PGlite data-dir dump, or a PostgreSQL template database when
 * TEST_DATABASE_URL points at a real server.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL || null;
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateDatabaseName}`);
    await admin.end();
    const template = await openDatabase({ databaseUrl: withDatabase(adminUrl, templateDatabaseName), poolSize: 2 });
    await seedIfEmpty(template.db, new Date());
    await template.close();
    project.provide("postgresAdminUrl", adminUrl);
    project.provide("pgliteTemplatePath", null);
    return;
  }
  const client = new PGlite();
  const template = await openDatabase({ pglite: client });
  await seedIfEmpty(template.db, new Date());
  const dump = await client.dumpDataDir("none");
  const dir = path.resolve(".tmp");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await template.close();
  project.provide("postgresAdminUrl", null);
  project.provide("pgliteTemplatePath", file);
}
