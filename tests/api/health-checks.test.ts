import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { migrationsFolder, type DatabaseHandle } from "../../server/db/client";
import { createApp } from "../../server/http/create-app";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let app: ReturnType<typeof createApp>;
const migrationsInBuild = (JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries.length;

beforeAll(async () => {
  database = await createTestDatabase();
  const { services } = createTestApi(database);
  const build = () => Promise.reject<ServerBuild>(new Error("no pages in this test"));
  app = createApp({ services, build, mode: "test", pageCacheSeconds: 0, logError: () => undefined });
});
afterAll(async () => database.close());

describe("health checks for a balancer", () => {
  it("/healthz says the process is up, never cached", async () => {
    const response = await app.request("/healthz");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ status: "up" });
  });

  it("/readyz is ready when the database answers with every migration of this build, and 503 when not", async () => {
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.headers.get("cache-control")).toBe("no-store");
    expect(await ready.json()).toEqual({ ready: true, database: "reachable", migrations: { applied: migrationsInBuild, expected: migrationsInBuild } });

    // A database one migration behind this build (a newer process started before its migration ran).
    const answer: unknown = await database.db.execute(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by id desc limit 1`);
    const [last] = z
      .object({ rows: z.array(z.object({ id: z.number(), hash: z.string(), created_at: z.union([z.string(), z.number()]) })) })
      .parse(answer).rows;
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    try {
      const behind = await app.request("/readyz");
      expect(behind.status).toBe(503);
      expect(await behind.json()).toEqual({ ready: false, database: "reachable", migrations: { applied: migrationsInBuild - 1, expected: migrationsInBuild } });
    } finally {
      await database.db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last?.id}, ${last?.hash}, ${last?.created_at})`);
    }
    expect((await app.request("/readyz")).status).toBe(200);
  });
});
