import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../server/db/client";
import { rateLimits } from "../../server/db/schema";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * The rate limits count in the database (docs/decisions/018): two app instances on one database, as
 * two processes behind a load balancer would be, share every allowance. On PostgreSQL each instance
 * has its own connection pool to the same database; PGlite lives inside one process, so there the two
 * instances share its one handle.
 */
const adminUrl = inject("postgresAdminUrl");
let first: DatabaseHandle;
let second: DatabaseHandle;
let dropDatabase = async () => {};

beforeAll(async () => {
  if (!adminUrl) {
    first = await createTestDatabase();
    second = first;
    return;
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE booking_template`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  first = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, onPoolError: () => undefined });
  second = await openDatabase({ databaseUrl: url.toString(), poolSize: 5, onPoolError: () => undefined });
  dropDatabase = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
});
afterAll(async () => {
  await first.close();
  if (second !== first) await second.close();
  await dropDatabase();
});

describe("rate limits shared by processes", () => {
  it("two app instances on one database share one registration allowance per address", async () => {
    const instances = [createTestApi(first), createTestApi(second)];
    const register = (instance: number, attempt: number) =>
      instances[instance]!.services.accounts.register({
        request: { name: "N", first_name: "N", last_name: "N", email: `shared-${attempt}@example.test`, password: "short", password_confirmation: "short" },
        locale: "en",
        clientAddress: "198.51.100.77",
      }).then(
        () => "registered",
        (error: unknown) => (error as { code?: string }).code,
      );
    // 10 an hour from one address: five through each instance, then neither lets an eleventh through.
    for (let attempt = 0; attempt < 10; attempt += 1) expect(await register(attempt % 2, attempt)).toBe("VALIDATION_FAILED");
    expect(await register(0, 10)).toBe("TOO_MANY_REQUESTS");
    expect(await register(1, 11)).toBe("TOO_MANY_REQUESTS");
    // The counter is one row in the database, not one per instance.
    const rows = await first.db.select().from(rateLimits);
    expect(rows.filter((row) => row.key === "register-ip:198.51.100.77")).toEqual([expect.objectContaining({ points: 12 })]);
  });

  it("a login back-off earned through one instance holds on the other", async () => {
    const instances = [createTestApi(first), createTestApi(second)];
    const login = (instance: number) =>
      instances[instance]!.services.accounts.login({
        request: { email: "nobody-shared@example.test", password: "wrong-password" },
        locale: "en",
        clientAddress: "198.51.100.78",
      }).then(
        () => "logged in",
        (error: unknown) => (error as { code?: string }).code,
      );
    // Eight free failures per account and address, four through each instance; the ninth waits on both.
    for (let attempt = 0; attempt < 8; attempt += 1) expect(await login(attempt % 2)).toBe("UNAUTHORIZED");
    expect(await login(0)).toBe("TOO_MANY_REQUESTS");
    expect(await login(1)).toBe("TOO_MANY_REQUESTS");
  });
});
