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
 * The server is started from source (tsx) with NODE_ENV=test, which loads build/server for the
 * pages: run `npm run build` once first. The JSON API does not depend on how fresh that build is.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { and, eq, gt, sql } from "drizzle-orm";
import { openBookingResponseSchema, submitBookingResponseSchema } from "../core/contracts/bookings";
import { errorResponseSchema } from "../core/contracts/errors";
import { publicFormResponseSchema, type PublicForm } from "../core/contracts/forms";
import { openDatabase, type DatabaseHandle } from "../server/db/client";
import { bookings, events, outboxEmails } from "../server/db/schema";
import { seedIds } from "../server/db/seed";
import { seedIfEmpty } from "../server/seed/seed-if-empty";
import { freePort, startPostgresCluster } from "../scripts/postgres-cluster";
import { mainParticipantAnswers } from "../tests/support/booking-answers";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// ── Settings: argv wins over env, env over the defaults ───────────────────────────────────────

const { values: argv } = parseArgs({
  options: {
    buyers: { type: "string" },
    places: { type: "string" },
    concurrency: { type: "string" },
    payment: { type: "string" },
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
const paymentOption = argv.payment ?? process.env.RUSH_PAYMENT ?? "credit_card";
if (paymentOption !== "credit_card" && paymentOption !== "invoice") throw new Error(`payment must be credit_card or invoice, got "${paymentOption}"`);

// The seeded one-day golf tournament: bookable now, and unlike the yoga trip its form needs no upload.
const eventId = seedIds.events.golfCircleTournament;
const formId = seedIds.forms.golfCircleTournament;
const headers = { "accept-language": "en-GB,en;q=0.9" };

// ── Cleaning up: whatever happens, the server and PostgreSQL started here are stopped ────────

const cleanups: (() => void)[] = [];
function cleanUpNow() {
  for (let cleanup = cleanups.pop(); cleanup; cleanup = cleanups.pop()) {
    try {
      cleanup();
    } catch (error) {
      console.error("cleanup failed:", error);
    }
  }
}
// Ctrl-C or a kill would otherwise skip `finally` and leave the cluster and the site running.
for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the site and PostgreSQL`);
    cleanUpNow();
    process.exit(code);
  });
}
process.once("exit", cleanUpNow);

// ── The site as a child process ───────────────────────────────────────────────────────────────

type Site = { origin: string; logFile: string; stop: () => Promise<void> };

function lastLines(file: string, count: number): string {
  return existsSync(file) ? readFileSync(file, "utf8").trimEnd().split("\n").slice(-count).join("\n") : "(no log)";
}

async function startSite(databaseUrl: string, dataDir: string): Promise<Site> {
  if (!existsSync(path.join(projectRoot, "build/server/index.js"))) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const port = await freePort();
  const logFile = path.join(dataDir, "server.log");
  const log = openSync(logFile, "a");
  // `node --import tsx` rather than the tsx CLI or npx: one process, so its PID is the server itself.
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      // Every buyer comes from 127.0.0.1; real buyers come from many addresses.
      RATE_LIMIT_MULTIPLIER: "1000",
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", log, log],
  });
  closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error("the site did not start");
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // Synchronous, so that it also works from the exit handler.
  const kill = () => {
    try {
      if (running()) process.kill(pid, "SIGKILL");
    } catch {
      // it exited before its exit event was seen
    }
  };
  cleanups.push(kill);
  const stop = async () => {
    if (!running()) return;
    process.kill(pid, "SIGTERM");
    // A clean shutdown closes its pool before PostgreSQL goes; a stuck one is killed.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
    kill();
  };

  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (!running()) throw new Error(`the site exited with ${child.exitCode ?? child.signalCode}:\n${lastLines(logFile, 20)}`);
    try {
      const response = await fetch(`${origin}/api/form/public/${formId}`, { headers });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt >= 240) {
      await stop();
      throw new Error(`the site did not come up within a minute:\n${lastLines(logFile, 20)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { origin, logFile, stop };
}

// ── One buyer ─────────────────────────────────────────────────────────────────────────────────

type Step = "open" | "save" | "submit";
type Outcome = { kind: "completed" } | { kind: "fully_booked" } | { kind: "error"; key: string; detail: string };

/** The answers every buyer gives, by item name; the page they belong to comes from the form. */
function answersByName(email: string): Record<string, string | boolean> {
  return {
    ...mainParticipantAnswers(email),
    "golf.handicap": "hcp_19_36",
    terms: true,
    payment_option: paymentOption,
  };
}

type PagePlan = { uuid: string; items: { uuid: string; name: string }[] };

/** Fails before the rush, not 3,000 times during it, when the form asks for something the bench does not answer. */
function planPages(form: PublicForm): PagePlan[] {
  const known = answersByName("check@example.com");
  const missing = form.pages.flatMap((page) =>
    // Children of groups are conditional (the billing address shows only when asked for).
    page.items.filter((item) => item.required && item.parent_uuid === null && !(item.name in known)).map((item) => item.name),
  );
  if (missing.length) throw new Error(`the form has required items the bench does not answer: ${missing.join(", ")}`);
  return form.pages.map((page) => ({ uuid: page.uuid, items: page.items.filter((item) => item.name in known).map(({ uuid, name }) => ({ uuid, name })) }));
}

const latencies: Record<Step | "flow", number[]> = { open: [], save: [], submit: [], flow: [] };

async function timed(step: Step, request: () => Promise<Response>): Promise<{ status: number; body: string }> {
  const t0 = performance.now();
  const response = await request();
  // Read the whole body: the connection is only reused once it is drained, as in a browser.
  const body = await response.text();
  latencies[step].push(performance.now() - t0);
  return { status: response.status, body };
}

function describeError(step: Step, status: number, body: string): Outcome {
  const parsed = errorResponseSchema.safeParse(safeJson(body));
  const code = parsed.success ? `${parsed.data.code}${parsed.data.reason ? `/${parsed.data.reason}` : ""}` : "not an error answer";
  const detail = parsed.success ? parsed.data.message + (parsed.data.errors ? ` ${JSON.stringify(parsed.data.errors)}` : "") : body.slice(0, 200);
  return { kind: "error", key: `${step} ${status} ${code}`, detail };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function buy(origin: string, pages: PagePlan[]): Promise<Outcome> {
  const opened = await timed("open", () => fetch(`${origin}/api/booking/public/${formId}`, { headers }));
  if (opened.status !== 200) return describeError("open", opened.status, opened.body);
  const draft = openBookingResponseSchema.parse(JSON.parse(opened.body));
  const token = draft.booking_token;
  if (!token) return { kind: "error", key: "open 200 without booking_token", detail: opened.body.slice(0, 200) };
  const uuid = draft.data.uuid;
  const values = answersByName(`buyer-${randomUUID().slice(0, 12)}@example.com`);
  const send = (method: "PUT" | "POST", url: string, body: unknown) =>
    fetch(url, { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) });

  for (const page of pages) {
    const answers = Object.fromEntries(page.items.map((item) => [item.uuid, values[item.name]]));
    const saved = await timed("save", () => send("PUT", `${origin}/api/booking/public/${uuid}/update/${page.uuid}`, { booking_token: token, answers }));
    if (saved.status !== 200) return describeError("save", saved.status, saved.body);
  }

  const submitted = await timed("submit", () => send("POST", `${origin}/api/booking/public/${uuid}/submit`, { booking_token: token }));
  if (submitted.status === 200 || submitted.status === 201) {
    const booking = submitBookingResponseSchema.safeParse(safeJson(submitted.body));
    if (booking.success && booking.data.data.code) return { kind: "completed" };
    return { kind: "error", key: `submit ${submitted.status} without a booking code`, detail: submitted.body.slice(0, 200) };
  }
  const refusal = errorResponseSchema.safeParse(safeJson(submitted.body));
  if (submitted.status === 409 && refusal.success && refusal.data.reason === "fully_booked") return { kind: "fully_booked" };
  return describeError("submit", submitted.status, submitted.body);
}

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
let site: Site | undefined;
const dataDir = mkdtempSync(path.join(tmpdir(), "rush-http-"));
cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
try {
  const cluster = await startPostgresCluster(path.join(projectRoot, ".tmp"));
  cleanups.push(cluster.stop);

  // Seed before the site starts, so the event has its capacity before the first request; the
  // site's own seeding then finds the data and leaves it alone.
  database = await openDatabase({ databaseUrl: cluster.url, poolSize: 2 });
  await seedIfEmpty(database.db, new Date());
  await database.db.update(events).set({ capacity: places, placesTaken: 0 }).where(eq(events.id, eventId));

  site = await startSite(cluster.url, dataDir);
  const origin = site.origin;
  const form = publicFormResponseSchema.parse(await (await fetch(`${origin}/api/form/public/${formId}`, { headers })).json()).data;
  if (form.event.state !== "bookable") throw new Error(`the event is ${form.event.state}, not bookable`);
  const pages = planPages(form);

  let completed = 0;
  let refused = 0;
  let soldOutAfter: number | undefined;
  const errors = new Map<string, { count: number; detail: string }>();
  let next = 0;
  const started = performance.now();
  async function buyer() {
    for (;;) {
      const index = next++;
      if (index >= buyers) return;
      const t0 = performance.now();
      let outcome: Outcome;
      try {
        outcome = await buy(origin, pages);
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

  const [event] = await database.db.select().from(events).where(eq(events.id, eventId));
  const [held] = await database.db
    .select({ bookings: sql<number>`count(*)::int`, places: sql<number>`coalesce(sum(${bookings.placesHeld}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.eventId, eventId), gt(bookings.placesHeld, 0)));
  const mails = await database.db
    .select({ status: outboxEmails.status, count: sql<number>`count(*)::int` })
    .from(outboxEmails)
    .groupBy(outboxEmails.status);
  await site.stop();
  const problems = serverProblems(site.logFile);

  const placesHeld = held?.places ?? 0;
  const holdingBookings = held?.bookings ?? 0;
  const capacity = event?.capacity ?? places;
  const errorCount = [...errors.values()].reduce((sum, error) => sum + error.count, 0);
  const requests = latencies.open.length + latencies.save.length + latencies.submit.length;
  const oversold = Math.max(0, placesHeld - capacity);
  // Buyers turned away while places were left would be a false "fully booked".
  const unsoldWhileRefusing = refused > 0 ? Math.max(0, capacity - placesHeld) : 0;
  const mailCounts = mails.map((row) => `${row.count} ${row.status}`).join(", ") || "none";

  console.log(`\nSale rush over HTTP on PostgreSQL: ${buyers} buyers, ${places} places, ${concurrency} at a time, payment ${paymentOption}`);
  console.log(`  flow per buyer        open draft + ${pages.length} page saves + submit = ${pages.length + 2} requests`);
  console.log(`  completed bookings    ${completed} (${refused} told "fully booked", ${errorCount} other errors)`);
  console.log(`  bookings per minute   ${((completed / seconds) * 60).toFixed(0)}   (pretix documented ~300–400 per event; goal > 3000)`);
  console.log(
    `  run time              ${seconds.toFixed(1)} s, ${(requests / seconds).toFixed(0)} requests/s` +
      (soldOutAfter === undefined ? ", not sold out" : `, sold out after ${soldOutAfter.toFixed(1)} s`),
  );
  console.log(`  latency per buyer     p50 ${ms(percentile(latencies.flow, 0.5))}, p95 ${ms(percentile(latencies.flow, 0.95))} (whole flow)`);
  console.log(`  latency per submit    p50 ${ms(percentile(latencies.submit, 0.5))}, p95 ${ms(percentile(latencies.submit, 0.95))}`);
  console.log(
    `  other requests        open p50 ${ms(percentile(latencies.open, 0.5))} / p95 ${ms(percentile(latencies.open, 0.95))}, ` +
      `page save p50 ${ms(percentile(latencies.save, 0.5))} / p95 ${ms(percentile(latencies.save, 0.95))}`,
  );
  console.log(`  places sold           ${percent(placesHeld, capacity)} of capacity; ${percent(refused, buyers)} of buyers refused`);
  console.log(
    `  oversold              ${oversold} (places held ${placesHeld} by ${holdingBookings} bookings, counter ${event?.placesTaken}, capacity ${capacity})`,
  );
  console.log(`  unsold but refused    ${unsoldWhileRefusing}`);
  console.log(`  HTTP vs database      ${completed} completed answers, ${holdingBookings} bookings holding places`);
  console.log(`  confirmation e-mails  ${mailCounts} when the rush ended`);
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
  await site?.stop();
  await database?.close();
  cleanUpNow();
}
