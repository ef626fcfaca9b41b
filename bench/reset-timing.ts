/**
 * Password reset requests for a known and an unknown address: median answer times and their ratio
 * (1.0 means nobody can tell from the time whether an address has an account). In process, on a
 * fresh in-memory PGlite with the seed; the rate limits are raised so that every request does work.
 *
 *   npx tsx bench/reset-timing.ts      (BENCH_REQUESTS=200 to change the number per address)
 */
import { tmpdir } from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { createApi } from "../server/api";
import { openDatabase } from "../server/db/client";
import { demoAccounts } from "../server/db/seed";
import { seedIfEmpty } from "../server/seed/seed-if-empty";
import { createServices } from "../server/services";

const requests = Number(process.env.BENCH_REQUESTS ?? 100);

const database = await openDatabase({});
await seedIfEmpty(database.db, new Date());
const services = createServices(database.db, {
  cacheTtlMs: 0,
  jwtSecret: "bench-secret-of-at-least-thirty-two-characters",
  publicOrigin: "http://bench.test",
  rateLimitMultiplier: 1_000_000,
  // Nothing is uploaded here; the services always have an upload folder.
  uploadsDir: path.join(tmpdir(), "reset-timing-uploads"),
});
const app = new Hono().route(
  "/api",
  createApi(services, (error) => console.error(error)),
);

async function timeOne(email: string): Promise<number> {
  const started = performance.now();
  const answer = await app.request("/api/auth/reset-password", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email }),
  });
  const elapsed = performance.now() - started;
  if (answer.status !== 200) throw new Error(`reset answered ${answer.status}`);
  // The work after the answer must not slow the next measurement of either kind.
  await services.accounts.settled();
  return elapsed;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

// Interleaved, so that drift of a shared machine hits both alike; the first tenth warms up.
const known: number[] = [];
const unknown: number[] = [];
for (let index = 0; index < requests * 1.1; index += 1) {
  const knownMs = await timeOne(demoAccounts.customer.email);
  const unknownMs = await timeOne(`nobody-${index % 7}@example.com`);
  if (index < requests * 0.1) continue;
  known.push(knownMs);
  unknown.push(unknownMs);
}
const ratio = median(known) / median(unknown);
console.log(
  `reset request, median of ${known.length}: known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms, ratio ${ratio.toFixed(2)}`,
);
await database.close();
