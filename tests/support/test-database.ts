import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";

const templateDatabaseName = "booking_template";

/**
 * A private, migrated and seeded database for one test file: a copy of the run's template, on the
 * real PostgreSQL server when the suite runs against one, otherwise in embedded PGlite.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = inject("postgresAdminUrl");
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    // Dropping the database at the end closes idle connections on purpose.
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 30, onPoolError: () => undefined });
    return {
      ...handle,
      close: async () => {
        await handle.close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  const templatePath = inject("pgliteTemplatePath");
  if (!templatePath) throw new Error("The API test setup provided no database template.");
  const client = new PGlite({ loadDataDir: new Blob([readFileSync(templatePath)]) });
  return openDatabase({ pglite: client });
}
