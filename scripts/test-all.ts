/**
 * The whole test suite, as `npm test` and CI run it: lint, typecheck, unit tests, API tests on
 * embedded PGlite and on a real PostgreSQL server, the production build, the compiled server as
 * processes (behind nginx, on PostgreSQL and S3), end-to-end tests in Chromium, and the browser walk of a
 * site built with a third language (decision 072). The last line is the total: `N passed, N failed`.
 *
 * The suite must end within 15 minutes on CI's two cores (decision 073), so steps that each keep one core
 * busy run side by side: lint beside the typecheck, and the API tests on PostgreSQL (whose queries run
 * in the server's processes) beside the production build. A step run beside another prints its output
 * when it ends, so the log stays readable. The whole API suite runs on PostgreSQL; on PGlite, which the
 * end-to-end tests already run on throughout, only the files where the engine or its one connection
 * changes what happens (`apiFilesOnPglite`).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { ensureChromium } from "./ensure-chromium";
import { ensureNginx } from "./ensure-nginx";
import { startPostgresCluster } from "./postgres-cluster";

type Tally = { passed: number; failed: number; skipped: number };
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
const tmp = path.resolve(".tmp");
mkdirSync(tmp, { recursive: true });

/** Runs a command; `buffered` keeps its output until it ends (for steps that run side by side). */
function run(command: string, args: string[], env: Record<string, string> = {}, buffered = false): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: buffered ? ["ignore", "pipe", "pipe"] : "inherit", env: { ...process.env, ...env } });
    const output: Buffer[] = [];
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr?.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", (error) => {
      console.error(error);
      resolve(false);
    });
    child.on("close", (code) => {
      if (buffered) process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

function record(step: string, tally: Tally, seconds: number) {
  total.passed += tally.passed;
  total.failed += tally.failed;
  total.skipped += tally.skipped;
  lines.push(`${step.padEnd(32)} ${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ""} (${seconds.toFixed(0)} s)`);
}

/** A step without a test report counts as one check. */
async function check(step: string, command: string, args: string[], buffered = false) {
  const started = Date.now();
  const ok = await run(command, args, {}, buffered);
  record(step, { passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0 }, (Date.now() - started) / 1000);
}

async function vitest(step: string, project: string, env: Record<string, string> = {}, buffered = false, files: readonly string[] = []) {
  const started = Date.now();
  const report = path.join(tmp, `vitest-${project}-${Date.now()}.json`);
  const args = ["vitest", "run", "--project", project, "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...files];
  const ok = await run("npx", args, env, buffered);
  let tally: Tally = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8")) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      success: boolean;
    };
    tally = {
      passed: json.numPassedTests,
      failed: json.numFailedTests + (ok || json.numFailedTests > 0 ? 0 : 1),
      skipped: json.numPendingTests + json.numTodoTests,
    };
  }
  record(step, tally, (Date.now() - started) / 1000);
}

/** A Playwright run of `config`, whose JSON reporter writes `reportFile` (in .tmp/). */
async function playwright(step: string, config = "playwright.config.ts", reportFile = "e2e-results.json") {
  const started = Date.now();
  const report = path.join(tmp, reportFile);
  rmSync(report, { force: true });
  const env = { E2E_DATA_DIR: path.join(tmp, `e2e-data-${Date.now()}`), E2E_SCREENSHOTS: "0", E2E_TRACE: "0" };
  const ok = await run("npx", ["playwright", "test", "--config", config], env);
  let tally: Tally = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, "utf8")) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    tally = {
      passed: json.stats.expected,
      failed: json.stats.unexpected + json.stats.flaky + (ok || json.stats.unexpected > 0 ? 0 : 1),
      skipped: json.stats.skipped,
    };
  }
  record(step, tally, (Date.now() - started) / 1000);
}

/**
 * The API test files that also run on PGlite (decision 073): the engine's own paths (seed, backup and
 * restore, prepared statements, caches and limits shared through the database, metrics without a pool,
 * text the engine refuses, the mail queue and its stop), and the two flows whose point is concurrency on
 * its one connection (holds racing for the last places, payments racing their webhooks). The other flows
 * run on PGlite throughout the end-to-end tests, which drive the compiled server on it.
 */
const apiFilesOnPglite = [
  "tests/api/backup-restore.test.ts",
  "tests/api/seed.test.ts",
  "tests/api/seed-actor.test.ts",
  "tests/api/prepared-statements.test.ts",
  "tests/api/cross-process-caches.test.ts",
  "tests/api/rate-limits-shared.test.ts",
  "tests/api/login-backoff.test.ts",
  "tests/api/metrics.test.ts",
  "tests/api/health-checks.test.ts",
  "tests/api/queue-stop.test.ts",
  "tests/api/email-delivery.test.ts",
  "tests/api/input-fuzz.test.ts",
  "tests/api/booking-holds.test.ts",
  "tests/api/payment-concurrency.test.ts",
] as const;

// A renamed or removed file would silently drop out of the PGlite run: name it instead.
const missingOnPglite = apiFilesOnPglite.filter((file) => !existsSync(file));
if (missingOnPglite.length > 0) throw new Error(`scripts/test-all.ts names API test files that do not exist: ${missingOnPglite.join(", ")}`);

const suiteStarted = Date.now();
await Promise.all([check("lint", "npx", ["eslint", ".", "--max-warnings", "0"], true), check("typecheck", "npm", ["run", "--silent", "typecheck"], true)]);
await vitest("unit", "unit");
await vitest("api on PGlite (decision 073)", "api", {}, false, apiFilesOnPglite);
await vitest("third language (decision 072)", "third-locale");

async function apiOnPostgresql() {
  let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null = null;
  try {
    cluster = await startPostgresCluster(tmp);
    await vitest("api on PostgreSQL", "api", { TEST_DATABASE_URL: cluster.url }, true);
  } catch (error) {
    console.error(error);
    record("api on PostgreSQL", { passed: 0, failed: 1, skipped: 0 }, 0);
  } finally {
    cluster?.stop();
  }
}
// The site with a third language in its locale list (decision 072) is a copy of this tree built on its own:
// built after the production build, still beside the API tests on PostgreSQL, which outlast both.
async function builds() {
  await check("build", "npm", ["run", "--silent", "build"], true);
  await check("build with a third language", "npx", ["tsx", "tests/third-locale/site.ts", "build"], true);
}
await Promise.all([apiOnPostgresql(), builds()]);

// The compiled server as processes: boot on PostgreSQL, graceful shutdown, WEB_CONCURRENCY workers, and
// the scale-out test (nginx balancing three processes on one PostgreSQL and one S3 server).
try {
  ensureNginx();
  await vitest("processes (nginx, PG, S3)", "processes");
} catch (error) {
  console.error(error);
  record("processes (nginx, PG, S3)", { passed: 0, failed: 1, skipped: 0 }, 0);
}

try {
  ensureChromium();
  // The reverse-proxy test (tests/e2e/behind-nginx.spec.ts) puts nginx in front of the site.
  ensureNginx();
  await playwright("end-to-end (Chromium)");
} catch (error) {
  console.error(error);
  record("end-to-end (Chromium)", { passed: 0, failed: 1, skipped: 0 }, 0);
}
// The third language walked in the browser, on the copy built above (decision 072).
await playwright("third language in Chromium", "playwright.third-locale.config.ts", "e2e-third-locale-results.json");

console.log(`\nTest suite finished in ${((Date.now() - suiteStarted) / 1000).toFixed(0)} s`);
for (const line of lines) console.log(`  ${line}`);
// CI reads the last line as "N passed, N failed": skipped tests get the line before it.
if (total.skipped) console.log(`${total.skipped} skipped`);
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed > 0 ? 1 : 0);
