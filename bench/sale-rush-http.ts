/**
 * Sale rush over HTTP: many concurrent buyers book one event through the real site, the way a
 * browser's booking form does it: open a draft, save every page, submit. Unlike bench/sale-rush.ts
 * (which calls submitBooking directly) this measures routing, validation, JSON, the connection pool
 * and the server's own workers (hold expiry, confirmation e-mails) too. The site runs as its own
 * process on a throwaway PostgreSQL, both on 127.0.0.1, and both are stopped at the end.
 *
 *   npm run bench:rush-http      (RUSH_BUYERS=3000 RUSH_PLACES=2500 RUSH_CONCURRENCY=50 RUSH_PAYMENT=credit_card)
 *   npm run bench:rush-http -- --buyers 300 --places 250 --concurrency 20      (a quick check)
 *
 *   npm run bench:rush-http -- --processes 3   (RUSH_PROCESSES: several server processes on the one database)
 *   npm run bench:rush-http -- --tcp           (RUSH_TCP=1: the site reaches PostgreSQL over 127.0.0.1, not its unix socket)
 *   npm run bench:rush-http -- --test-mode     (RUSH_TEST_MODE=1: NODE_ENV=test and the sandbox, not production's settings)
 *   npm run bench:rush-http -- --outbox        (RUSH_OUTBOX=1: mails to each process's outbox folder, not to an SMTP server)
 *
 * The confirmation mails go over SMTP, as in production, to a real SMTP server (smtp-server) run by
 * this bench on 127.0.0.1: its CPU counts as the bench's, like the buyers'.
 *
 * The compiled server (build/server-main.js) runs with NODE_ENV=production: run `npm run build` first.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { and, eq, gt, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { publicFormResponseSchema } from "../core/contracts/forms";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { bookings, events, outboxEmails } from "../server/db/schema";
import { seedIds } from "../server/db/seed";
import { seedIfEmpty } from "../server/seed/seed-if-empty";
import { startPostgresCluster } from "../scripts/postgres-cluster";
import { startSiteProcess, type SiteProcess } from "../tests/support/site-process";
import { buy, keepAliveTransport, planPages, safeJson, type BuyerOutcome, type BuyerStep, type PaymentOption } from "../tests/support/http-buyer";
import { cpuMsOf, postgresCpuMs } from "./process-cpu";
import { stopOnExit } from "./stop-on-exit";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ── Settings: argv wins over env, env over the defaults ───────────────────────────────────────

const { values: argv } = parseArgs({
  options: {
    buyers: { type: "string" },
    places: { type: "string" },
    concurrency: { type: "string" },
    payment: { type: "string" },
    processes: { type: "string" },
    tcp: { type: "boolean" },
    "test-mode": { type: "boolean" },
    outbox: { type: "boolean" },
  },
});

function positiveInteger(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}

const buyers = positiveInteger("buyers", argv.buyers ?? process.env.RUSH_BUYERS, 3000);
const places = positiveInteger("places", argv.places ?? process.env.RUSH_PLACES, 2500);
const concurrency = positiveInteger("concurrency", argv.concurrency ?? process.env.RUSH_CONCURRENCY, 50);
// One process per core by default, as WEB_CONCURRENCY would run them (the goal is measured with several).
const processes = positiveInteger("processes", argv.processes ?? process.env.RUSH_PROCESSES, availableParallelism());
const tcp = argv.tcp ?? process.env.RUSH_TCP === "1";
const toOutboxFolder = argv.outbox ?? process.env.RUSH_OUTBOX === "1";
/**
 * The site runs as in production (React's production build renders the e-mails; Stripe configured,
 * never called: the buyers stop at the held booking). --test-mode (RUSH_TEST_MODE=1): NODE_ENV=test
 * with the sandbox provider, as the bench ran before.
 */
const testMode = argv["test-mode"] ?? process.env.RUSH_TEST_MODE === "1";
const paymentOption = paymentOf(argv.payment ?? process.env.RUSH_PAYMENT ?? "credit_card");
function paymentOf(raw: string): PaymentOption {
  if (raw !== "credit_card" && raw !== "invoice") throw new Error(`payment must be credit_card or invoice, got "${raw}"`);
  return raw;
}

// The seeded one-day golf tournament: bookable now, and unlike the yoga trip its form needs no upload.
const eventId = seedIds.events.golfCircleTournament;
const formId = seedIds.forms.golfCircleTournament;
const headers = { "accept-language": "en-GB,en;q=0.9" };

// ── Cleaning up: whatever happens, the server and PostgreSQL started here are stopped ────────

const { cleanups, cleanUpNow } = stopOnExit("stopping the site and PostgreSQL");

// ── The SMTP server the sites send their mails to ───────────────────────────────────────────

async function startSmtpSink(onMail: () => void): Promise<string> {
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => undefined);
      stream.on("end", () => {
        onMail();
        callback();
      });
    },
  });
  // A site stopped at the end closes its connections; nothing to report.
  server.on("error", () => undefined);
  const port = await new Promise<number>((resolve) => {
    const listener = server.listen(0, "127.0.0.1", () => resolve((listener.address() as AddressInfo).port));
  });
  cleanups.push(() => server.close());
  return `smtp://127.0.0.1:${port}`;
}

// ── Buyers (tests/support/http-buyer.ts, shared with the scale-out test) ─────────────────────

const latencies: Record<BuyerStep | "flow", number[]> = { open: [], save: [], submit: [], flow: [] };

// ── Reporting helpers ─────────────────────────────────────────────────────────────────────────

function percentile(values: number[], fraction: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
const percent = (part: number, whole: number) => `${whole ? ((100 * part) / whole).toFixed(1) : "0.0"} %`;

/** Warnings and errors the site logged (pino writes one JSON object per line; level 40 is warn). */
function serverProblems(logFile: string): { count: number; samples: string[] } {
  const lines = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n") : [];
  const samples: string[] = [];
  let count = 0;
  for (const line of lines) {
    const entry = safeJson(line);
    if (typeof entry !== "object" || entry === null) {
      // Not pino: a crash trace or a console.warn goes straight to the stream.
      if (line.trim()) {
        count += 1;
        if (samples.length < 5) samples.push(line.slice(0, 240));
      }
      continue;
    }
    const record = entry as { level?: unknown; msg?: unknown; err?: { message?: unknown } };
    if (typeof record.level !== "number" || record.level < 40) continue;
    count += 1;
    if (samples.length < 5) samples.push(`${String(record.msg)}${record.err?.message ? `: ${String(record.err.message)}` : ""}`.slice(0, 240));
  }
  return { count, samples };
}

// ── The run ───────────────────────────────────────────────────────────────────────────────────

let database: DatabaseHandle | undefined;
let sites: SiteProcess[] = [];
const dataDir = mkdtempSync(path.join(tmpdir(), "rush-http-"));
cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
try {
  const cluster = await startPostgresCluster(path.join(projectRoot, ".tmp"));
  cleanups.push(cluster.stop);

  // The mail provider's end: a real SMTP server that takes every mail (the operator's relay, in production).
  let mailsReceived = 0;
  const smtpUrl = toOutboxFolder ? undefined : await startSmtpSink(() => (mailsReceived += 1));

  // Seed before the site starts, so the event has its capacity before the first request; the
  // site's own seeding then finds the data and leaves it alone.
  database = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
  await seedIfEmpty(database.db, new Date());
  await database.db.update(events).set({ capacity: places, placesTaken: 0 }).where(eq(events.id, eventId));

  // Several processes on one database, each on its own port, the buyers' requests spread round-robin
  // (as a balancer in front of them would). Every buyer comes from 127.0.0.1; real buyers come from
  // many addresses, hence the raised rate limits.
  const env = {
    // PostgreSQL runs on this machine: through its unix socket, as README advises for one machine (--tcp: over 127.0.0.1).
    DATABASE_URL: tcp ? cluster.url : cluster.socketUrl,
    RATE_LIMIT_MULTIPLIER: "1000",
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
    JWT_SECRET: "rush-bench-jwt-secret-0123456789abcdef",
    ...(testMode
      ? { NODE_ENV: "test", SANDBOX_WEBHOOK_SECRET: "rush-bench-webhook" }
      : { NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_rush_bench", STRIPE_WEBHOOK_SECRET: "whsec_rush_bench" }),
  };
  sites = await Promise.all(
    Array.from({ length: processes }, (_, index) => {
      const processDataDir = path.join(dataDir, `process-${index}`);
      mkdirSync(processDataDir, { recursive: true });
      // RUSH_CPU_PROFILE=<folder>: each process writes a V8 CPU profile there when it stops.
      const profile = process.env.RUSH_CPU_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(process.env.RUSH_CPU_PROFILE)}`] : [];
      return startSiteProcess({ env: { ...env, DATA_DIR: processDataDir }, logFile: path.join(processDataDir, "server.log"), nodeArgs: profile });
    }),
  );
  for (const site of sites) cleanups.push(site.kill);
  // The bench's own client is light (node:http keep-alive), so that the two cores go to the site and PostgreSQL.
  const client = keepAliveTransport(concurrency);
  cleanups.push(client.close);
  let turn = 0;
  const nextOrigin = () => sites[turn++ % sites.length]!.origin;
  const origin = nextOrigin();
  const form = publicFormResponseSchema.parse(await (await fetch(`${origin}/api/form/public/${formId}`, { headers })).json()).data;
  if (form.event.state !== "bookable") throw new Error(`the event is ${form.event.state}, not bookable`);
  const pages = planPages(form);

  let completed = 0;
  let refused = 0;
  let soldOutAfter: number | undefined;
  const errors = new Map<string, { count: number; detail: string }>();
  let next = 0;
  // Statements and transactions PostgreSQL ran during the rush (autocommit statements count as one each).
  const databaseWork = async () => {
    const result = await database!.db.execute(
      sql`select xact_commit + xact_rollback as transactions, tup_returned + tup_fetched as rows_read from pg_stat_database where datname = current_database()`,
    );
    const row = (result as unknown as { rows: { transactions: string; rows_read: string }[] }).rows[0]!;
    return { transactions: Number(row.transactions), rowsRead: Number(row.rows_read) };
  };
  const workBefore = await databaseWork();
  const sitePids = sites.map((site) => site.pid);
  const cpuBefore = { site: cpuMsOf(sitePids), database: postgresCpuMs(cluster.dataDir), bench: process.cpuUsage() };
  const started = performance.now();
  async function buyer() {
    for (;;) {
      const index = next++;
      if (index >= buyers) return;
      const t0 = performance.now();
      let outcome: BuyerOutcome;
      try {
        outcome = await buy({
          origin: nextOrigin,
          formId,
          pages,
          payment: paymentOption,
          transport: client.transport,
          onTiming: (step, time) => latencies[step].push(time),
        });
      } catch (error) {
        // A dropped connection or an unparsable answer: count it and let this buyer go on with the next.
        outcome = { kind: "error", key: "request failed", detail: error instanceof Error ? `${error.message} ${String(error.cause ?? "")}` : String(error) };
      }
      latencies.flow.push(performance.now() - t0);
      if (outcome.kind === "completed") {
        completed += 1;
        if (completed === places) soldOutAfter = (performance.now() - started) / 1000;
      } else if (outcome.kind === "fully_booked") {
        refused += 1;
      } else {
        const seen = errors.get(outcome.key);
        if (seen) seen.count += 1;
        else errors.set(outcome.key, { count: 1, detail: outcome.detail });
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, buyer));
  const seconds = (performance.now() - started) / 1000;
  const workAfter = await databaseWork();
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const cpu = {
    site: cpuMsOf(sitePids) - cpuBefore.site,
    database: postgresCpuMs(cluster.dataDir) - cpuBefore.database,
    bench: (benchCpu.user + benchCpu.system) / 1000,
  };

  const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
  const [held] = await database.db
    .select({ bookings: sql<number>`count(*)::int`, places: sql<number>`coalesce(sum(${bookings.placesHeld}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), gt(bookings.placesHeld, 0)));
  const mailStatuses = () =>
    database!.db
      .select({ status: outboxEmails.status, count: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .groupBy(outboxEmails.status);
  const mails = await mailStatuses();
  // The confirmation mails the rush left queued are part of what a booking costs: wait for the
  // workers to send them (within two minutes) and count the CPU that took.
  const drainStarted = performance.now();
  const cpuBeforeDrain = { site: cpuMsOf(sitePids), database: postgresCpuMs(cluster.dataDir) };
  const pendingMails = async () => (await mailStatuses()).find((row) => row.status === "pending")?.count ?? 0;
  while ((await pendingMails()) > 0 && performance.now() - drainStarted < 120_000) await new Promise((resolve) => setTimeout(resolve, 250));
  const drain = {
    seconds: (performance.now() - drainStarted) / 1000,
    site: cpuMsOf(sitePids) - cpuBeforeDrain.site,
    database: postgresCpuMs(cluster.dataDir) - cpuBeforeDrain.database,
    left: await pendingMails(),
  };
  await Promise.all(sites.map((site) => site.stop()));
  const problems = sites
    .map((site) => serverProblems(site.logFile))
    .reduce((all, one) => ({ count: all.count + one.count, samples: [...all.samples, ...one.samples].slice(0, 5) }));

  const placesHeld = held?.places ?? 0;
  const holdingBookings = held?.bookings ?? 0;
  const capacity = event?.capacity ?? places;
  const errorCount = [...errors.values()].reduce((sum, error) => sum + error.count, 0);
  const requests = latencies.open.length + latencies.save.length + latencies.submit.length;
  const oversold = Math.max(0, placesHeld - capacity);
  // Buyers turned away while places were left would be a false "fully booked".
  const unsoldWhileRefusing = refused > 0 ? Math.max(0, capacity - placesHeld) : 0;
  const mailCounts = mails.map((row) => `${row.count} ${row.status}`).join(", ") || "none";

  console.log(
    `\nSale rush over HTTP on PostgreSQL (${tcp ? "TCP" : "unix socket"}): ${buyers} buyers, ${places} places, ${concurrency} at a time, payment ${paymentOption}, ${processes} server process${processes === 1 ? "" : "es"}, ${testMode ? "NODE_ENV=test" : "production mode"}`,
  );
  console.log(`  flow per buyer        open draft + ${pages.length} page saves + submit = ${pages.length + 2} requests`);
  console.log(`  completed bookings    ${completed} (${refused} told "fully booked", ${errorCount} other errors)`);
  const perMinute = (completed / seconds) * 60;
  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  console.log(
    `  bookings per minute   ${perMinute.toFixed(0)}   (goal ≥ 5000, issue 29's floor: ${verdict(perMinute >= 5000)}; pretix documents ~500 per event)`,
  );
  console.log(
    `  run time              ${seconds.toFixed(1)} s, ${(requests / seconds).toFixed(0)} requests/s` +
      (soldOutAfter === undefined ? ", not sold out" : `, sold out after ${soldOutAfter.toFixed(1)} s`),
  );
  console.log(`  latency per buyer     p50 ${ms(percentile(latencies.flow, 0.5))}, p95 ${ms(percentile(latencies.flow, 0.95))} (whole flow)`);
  const submitP95 = percentile(latencies.submit, 0.95);
  console.log(`  latency per submit    p50 ${ms(percentile(latencies.submit, 0.5))}, p95 ${ms(submitP95)}   (goal p95 < 250 ms: ${verdict(submitP95 < 250)})`);
  console.log(
    `  other requests        open p50 ${ms(percentile(latencies.open, 0.5))} / p95 ${ms(percentile(latencies.open, 0.95))}, ` +
      `page save p50 ${ms(percentile(latencies.save, 0.5))} / p95 ${ms(percentile(latencies.save, 0.95))}`,
  );
  console.log(`  places sold           ${percent(placesHeld, capacity)} of capacity; ${percent(refused, buyers)} of buyers refused`);
  console.log(
    `  oversold              ${oversold}, goal 0: ${verdict(oversold === 0)} (places held ${placesHeld} by ${holdingBookings} bookings, counter ${event?.placesTaken}, capacity ${capacity})`,
  );
  console.log(`  unsold but refused    ${unsoldWhileRefusing}`);
  console.log(`  HTTP vs database      ${completed} completed answers, ${holdingBookings} bookings holding places`);
  console.log(
    `  database per buyer    ${((workAfter.transactions - workBefore.transactions) / buyers).toFixed(1)} transactions, ${((workAfter.rowsRead - workBefore.rowsRead) / buyers).toFixed(0)} rows read (pg_stat_database)`,
  );
  // CPU per completed booking does not depend on what else the machine was doing: it says how many
  // bookings a minute the two cores could take if they ran only the site and PostgreSQL.
  const perBooking = (cpuMs: number) => (completed ? cpuMs / completed : 0);
  const serverCpu = perBooking(cpu.site + cpu.database);
  console.log(
    `  CPU per booking       site ${ms(perBooking(cpu.site))} + PostgreSQL ${ms(perBooking(cpu.database))} = ${ms(serverCpu)} ` +
      `(this bench's client ${ms(perBooking(cpu.bench))}); ${availableParallelism()} cores alone could take ` +
      `${serverCpu ? ((availableParallelism() * 60_000) / serverCpu).toFixed(0) : "–"} a minute`,
  );
  console.log(`  confirmation e-mails  ${mailCounts} when the rush ended; going to ${smtpUrl ? "an SMTP server" : "the outbox folders"}`);
  const mailCpu = perBooking(drain.site + drain.database);
  console.log(
    `  sending the rest      ${drain.left === 0 ? "all sent" : `${drain.left} still pending`} ${drain.seconds.toFixed(1)} s after the rush; ` +
      `CPU per booking with its e-mail ${ms(serverCpu + mailCpu)} (the e-mails after the rush ${ms(mailCpu)}); ` +
      `${serverCpu + mailCpu ? ((availableParallelism() * 60_000) / (serverCpu + mailCpu)).toFixed(0) : "–"} a minute on ${availableParallelism()} cores`,
  );
  if (smtpUrl) console.log(`  SMTP server received  ${mailsReceived} mails`);
  for (const [key, error] of errors) console.log(`  error ×${error.count}  ${key}: ${error.detail.slice(0, 200)}`);
  console.log(`  server warnings/errors ${problems.count}${problems.samples.map((sample) => `\n    ${sample}`).join("")}`);

  const consistent =
    oversold === 0 &&
    unsoldWhileRefusing === 0 &&
    event?.placesTaken === placesHeld &&
    holdingBookings === completed &&
    completed + refused + errorCount === buyers &&
    errorCount === 0;
  if (!consistent) process.exitCode = 1;
} finally {
  // Orderly where possible: the site first (it holds connections), then the database, then the cluster.
  await Promise.all(sites.map((site) => site.stop()));
  await database?.close();
  cleanUpNow();
}
