import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FailureBackoff } from "../../server/auth/login-throttle";
import { createRateLimitStore } from "../../server/auth/rate-limiter";
import type { DatabaseHandle } from "../../server/db/client";
import { createTestDatabase } from "../support/test-database";

// The back-off's rule on its database counter (moved here from tests/unit/login-throttle.test.ts
// when the counts moved into the database; same steps, same expectations).
let database: DatabaseHandle;
let now = 0;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("FailureBackoff", () => {
  it("lets the free failures pass, then doubles the wait up to the maximum, and forgets a quiet key", async () => {
    now = Date.parse("2026-01-01T00:00:00Z");
    const store = createRateLimitStore(database.db, () => now);
    const backoff = new FailureBackoff(store.failureCounter("backoff-rule", 60_000), { free: 3, firstWaitMs: 1000, maximumWaitMs: 5000 });
    for (let failure = 0; failure < 3; failure += 1) {
      expect(await backoff.waitMs("a")).toBe(0);
      await backoff.fail("a");
    }
    expect(await backoff.waitMs("a")).toBe(1000);
    expect(await backoff.waitMs("b")).toBe(0);
    now += 1000;
    expect(await backoff.waitMs("a")).toBe(0);
    await backoff.fail("a");
    expect(await backoff.waitMs("a")).toBe(2000);
    await backoff.fail("a");
    await backoff.fail("a");
    expect(await backoff.waitMs("a")).toBe(5000);
    now += 60_001;
    expect(await backoff.waitMs("a")).toBe(0);
    await backoff.fail("a");
    expect(await backoff.waitMs("a")).toBe(0);
  });

  it("reset clears a key", async () => {
    now = Date.parse("2026-01-01T00:00:00Z");
    const store = createRateLimitStore(database.db, () => now);
    const backoff = new FailureBackoff(store.failureCounter("backoff-reset", 60_000), { free: 0, firstWaitMs: 1000, maximumWaitMs: 1000 });
    await backoff.fail("a");
    expect(await backoff.waitMs("a")).toBe(1000);
    await backoff.reset("a");
    expect(await backoff.waitMs("a")).toBe(0);
  });
});
