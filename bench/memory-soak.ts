/**
 * Memory soak (issue 15, goal 4): the compiled production server (build/server-main.js, plain node)
 * under mixed traffic for SOAK_MINUTES, its resident memory sampled from /proc every few seconds.
 * Goals: ≤ 256 MB steady state on PostgreSQL, ≤ 400 MB on PGlite, no growth over the last half.
 *
 *   npm run build && npm run bench:soak
 *   SOAK_MINUTES=2 SOAK_DATABASE=pglite npm run bench:soak        (a quick check)
 *   SOAK_CLIENTS=4 SOAK_SAMPLE_SECONDS=5                           (the defaults)
 *
 * The bench seeds the sample data itself, then starts the server with NODE_ENV=production and the node
 * flags and environment of `npm run serve`: the process production runs (React's production build;
 * test mode would load React's development build, which allocates more per render). Traffic: pages with ever new query strings (each its own page-cache key), the
 * German pages, event and content pages, JSON reads, booking drafts saved page by page and
 * submitted, logins, 404s. Counts and megabytes, not speed: the machine may be shared.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openBookingResponseSchema } from "../core/contracts/bookings";
import { errorResponseSchema } from "../core/contracts/errors";
import { publicEventsResponseSchema } from "../core/contracts/events";
import { publicFormResponseSchema } from "../core/contracts/forms";
import { listPagesResponseSchema } from "../core/contracts/pages";
import { openDatabase } from "../server/db/client";
import { seedIds } from "../server/db/seed";
import { seedIfEmpty } from "../server/seed/seed-if-empty";
import { startPostgresCluster } from "../scripts/postgres-cluster";
import { mainParticipantAnswers } from "../tests/support/booking-answers";
import { productionStart } from "../tests/support/site-process";
import { startBuiltSite } from "./built-site";
import { residentMegabytes, summarise, type Sample, type SoakMemory } from "./soak-memory-stats";
import { stopOnExit } from "./stop-on-exit";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

const minutes = positiveNumber("SOAK_MINUTES", 10);
const clients = Math.round(positiveNumber("SOAK_CLIENTS", 4));
const sampleSeconds = positiveNumber("SOAK_SAMPLE_SECONDS", 5);
const databaseChoice = process.env.SOAK_DATABASE ?? "both";
if (!["pglite", "postgres", "both"].includes(databaseChoice)) throw new Error(`SOAK_DATABASE must be pglite, postgres or both, got "${databaseChoice}"`);
const databases = (databaseChoice === "both" ? ["postgres", "pglite"] : [databaseChoice]) as ("postgres" | "pglite")[];
const goals = { postgres: 256, pglite: 400 } as const;
/** "No growth": the second half's trend and its quarters, allowing for the garbage collector's sawtooth. */
const growthGoal = { slopePerMinute: 2, quarterGrowth: 10 };
const metricsToken = "soak-metrics-token-0123456789";
/** Read once: the report names the flags the soak ran with even if package.json changes meanwhile. */
const production = productionStart();

const formId = seedIds.forms.golfCircleTournament;
const english = { "accept-language": "en-GB,en;q=0.9" };

// ── Whatever happens, what was started here is stopped ────────────────────────────────────────

const { cleanups, cleanUpNow } = stopOnExit();

// ── Traffic ───────────────────────────────────────────────────────────────────────────────────

type Counts = { requests: number; errors: Map<string, number>; refusedFullyBooked: number; bookings: number };

type Site = { origin: string; eventPages: string[]; contentSlugs: string[]; categories: string[]; pages: PagePlan[] };
type PagePlan = { uuid: string; answers: Record<string, string | boolean> };

const random = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const token = () => randomUUID().slice(0, 8);

async function discover(origin: string): Promise<Site> {
  const get = async (url: string, locale = english) => (await fetch(`${origin}${url}`, { headers: locale })).json();
  const events = publicEventsResponseSchema.parse(await get("/api/public-events")).data;
  const eventsDe = publicEventsResponseSchema.parse(await get("/api/public-events", { "accept-language": "de-DE" })).data;
  const pages = listPagesResponseSchema.parse(await get("/api/page")).data;
  const form = publicFormResponseSchema.parse(await get(`/api/form/public/${formId}`)).data;
  const known: Record<string, string | boolean> = {
    ...mainParticipantAnswers("x@example.com"),
    "golf.handicap": "hcp_19_36",
    terms: true,
    payment_option: "invoice",
  };
  return {
    origin,
    eventPages: [
      ...events.map((event) => `/events/${event.category.slug}/${event.slug}`),
      ...eventsDe.map((event) => `/de/events/${event.category.slug}/${event.slug}`),
    ],
    contentSlugs: pages.map((page) => page.slug),
    categories: [...new Set(events.map((event) => event.category.slug))],
    pages: form.pages.map((page) => ({
      uuid: page.uuid,
      answers: Object.fromEntries(page.items.filter((item) => item.name in known).map((item) => [item.uuid, known[item.name] ?? ""])),
    })),
  };
}

/** One request; anything but the expected status counts as an error under `kind status`. */
async function request(counts: Counts, kind: string, url: string, init: RequestInit, expected: number[]): Promise<{ status: number; body: string }> {
  counts.requests += 1;
  try {
    const response = await fetch(url, { ...init, redirect: "manual" });
    const body = await response.text();
    if (!expected.includes(response.status)) {
      const key = `${kind} ${response.status}`;
      counts.errors.set(key, (counts.errors.get(key) ?? 0) + 1);
    }
    return { status: response.status, body };
  } catch (error) {
    const key = `${kind} failed: ${error instanceof Error ? error.message : String(error)}`;
    counts.errors.set(key, (counts.errors.get(key) ?? 0) + 1);
    return { status: 0, body: "" };
  }
}

async function bookingFlow(site: Site, counts: Counts) {
  const json = { ...english, "content-type": "application/json" };
  const opened = await request(counts, "booking open", `${site.origin}/api/booking/public/${formId}`, { headers: english }, [200]);
  if (opened.status !== 200) return;
  const draft = openBookingResponseSchema.parse(JSON.parse(opened.body));
  const bookingToken = draft.booking_token;
  const uuid = draft.data.uuid;
  const email = `soak-${token()}@example.com`;
  for (const page of site.pages) {
    const answers = Object.fromEntries(Object.entries(page.answers).map(([item, value]) => [item, value === "x@example.com" ? email : value]));
    const saved = await request(
      counts,
      "booking save",
      `${site.origin}/api/booking/public/${uuid}/update/${page.uuid}`,
      { method: "PUT", headers: json, body: JSON.stringify({ booking_token: bookingToken, answers }) },
      [200],
    );
    if (saved.status !== 200) return;
  }
  // Half the drafts are left unsubmitted, as visitors do; the purge job takes them later.
  if (Math.random() < 0.5) return;
  const submitted = await request(
    counts,
    "booking submit",
    `${site.origin}/api/booking/public/${uuid}/submit`,
    { method: "POST", headers: json, body: JSON.stringify({ booking_token: bookingToken }) },
    [200, 201, 409],
  );
  if (submitted.status === 409) {
    const refusal = errorResponseSchema.safeParse(JSON.parse(submitted.body || "{}"));
    // The event sells out after its 40 places: later submits are refused, which is right.
    if (refusal.success && refusal.data.reason === "fully_booked") counts.refusedFullyBooked += 1;
    else {
      const key = `booking submit 409 ${refusal.success ? String(refusal.data.reason) : "?"}`;
      counts.errors.set(key, (counts.errors.get(key) ?? 0) + 1);
    }
  } else if (submitted.status < 300) counts.bookings += 1;
}

async function login(site: Site, counts: Counts) {
  const customer = { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" };
  const answer = await request(
    counts,
    "login",
    `${site.origin}/api/auth/public/login`,
    { method: "POST", headers: { ...english, "content-type": "application/json" }, body: JSON.stringify(customer) },
    [200],
  );
  if (answer.status !== 200) return;
  const { access_token: accessToken } = JSON.parse(answer.body) as { access_token: string };
  await request(counts, "account", `${site.origin}/api/auth/user`, { headers: { ...english, authorization: `Bearer ${accessToken}` } }, [200]);
}

/** One step of a visitor: weights roughly as a public site sees them (pages most, logins least). */
async function step(site: Site, counts: Counts) {
  const { origin } = site;
  const page = (url: string, expected = [200]) => request(counts, "page", `${origin}${url}`, { headers: english }, expected);
  const api = (url: string) => request(counts, "api", `${origin}${url}`, { headers: english }, [200]);
  const roll = Math.random() * 100;
  if (roll < 12) await page(`/?utm_source=soak&utm_campaign=${token()}`);
  else if (roll < 27) await page(`/events?category=${random(site.categories)}&ref=${token()}`);
  else if (roll < 35) await page(`/de/events?fbclid=${token()}`);
  else if (roll < 50) await page(`${random(site.eventPages)}?gclid=${token()}`);
  else if (roll < 56) await page(`/${random(site.contentSlugs)}?s=${token()}`);
  else if (roll < 60) await page("/events");
  else if (roll < 75)
    await api(
      random([
        "/api/public-events",
        `/api/public-events?category=${random(site.categories)}`,
        "/api/page",
        `/api/page/${random(site.contentSlugs)}`,
        "/api/booking/site",
        "/api/public-event-categories",
        "/api/experience",
        `/api/form/public/${formId}`,
      ]),
    );
  else if (roll < 85) await bookingFlow(site, counts);
  else if (roll < 88) await login(site, counts);
  else if (roll < 94) await page(`/no-such-page/${token()}`, [404]);
  else await request(counts, "api 404", `${origin}/api/no-such-thing/${token()}`, { headers: english }, [404]);
}

// ── One soak ──────────────────────────────────────────────────────────────────────────────────

type Result = { database: "postgres" | "pglite"; memory: SoakMemory; counts: Counts; heap: string };

/** The server's own view of its memory, from prom-client's default metrics (V8 heap vs. outside it). */
async function heapBreakdown(origin: string): Promise<string> {
  const text = await (await fetch(`${origin}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, "m").exec(text)?.[1] ?? NaN) / 1024 / 1024;
  return `V8 heap used ${value("nodejs_heap_size_used_bytes").toFixed(0)} MB of ${value("nodejs_heap_size_total_bytes").toFixed(0)} MB, external ${value("nodejs_external_memory_bytes").toFixed(0)} MB`;
}

async function soak(database: "postgres" | "pglite"): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "memory-soak-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl = "";
  if (database === "postgres") {
    const cluster = await startPostgresCluster(path.join(projectRoot, ".tmp"));
    cleanups.push(cluster.stop);
    databaseUrl = cluster.url;
  }
  // Seeded here, so that the server runs as production does (NODE_ENV=production: React's production
  // build, no demo seeding of its own) and finds the sample data already there.
  const seeding = await openDatabase(database === "postgres" ? { databaseUrl, poolSize: 2 } : { dataDir: path.join(dataDir, "db") });
  await seedIfEmpty(seeding.db, new Date());
  await seeding.close();
  const site = await startBuiltSite(
    dataDir,
    {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      // Production refuses the sandbox; the soak's bookings pay by invoice, so Stripe is never called.
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_memory_soak",
      STRIPE_WEBHOOK_SECRET: "whsec_memory_soak",
      JWT_SECRET: "memory-soak-jwt-secret-0123456789abcdef",
      // Every visitor comes from 127.0.0.1; real ones come from many addresses.
      RATE_LIMIT_MULTIPLIER: "1000",
      DRAFTS_PER_CLIENT_PER_HOUR: "100000",
      METRICS_TOKEN: metricsToken,
      LOG_LEVEL: "error",
    },
    { compiled: true },
  );
  cleanups.push(site.stop);
  const pid = site.pid;
  if (pid === undefined) throw new Error("the server did not start");
  const start = residentMegabytes(pid);
  const plan = await discover(site.origin);

  const counts: Counts = { requests: 0, errors: new Map(), refusedFullyBooked: 0, bookings: 0 };
  const samples: Sample[] = [];
  const startedAt = Date.now();
  const endsAt = startedAt + minutes * 60_000;
  const sampler = setInterval(() => {
    const megabytes = residentMegabytes(pid);
    samples.push({ minutes: (Date.now() - startedAt) / 60_000, megabytes });
  }, sampleSeconds * 1000);
  const progress = setInterval(() => {
    const last = samples.at(-1)?.megabytes ?? start;
    console.log(`  ${database}: ${((Date.now() - startedAt) / 60_000).toFixed(1)} min, ${counts.requests} requests, RSS ${last.toFixed(0)} MB`);
  }, 60_000);
  async function client() {
    while (Date.now() < endsAt) await step(plan, counts);
  }
  await Promise.all(Array.from({ length: clients }, client));
  clearInterval(sampler);
  clearInterval(progress);
  samples.push({ minutes: (Date.now() - startedAt) / 60_000, megabytes: residentMegabytes(pid) });
  const heap = await heapBreakdown(site.origin).catch((error: unknown) => `no metrics: ${String(error)}`);
  site.stop();
  await Promise.race([site.exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  return { database, memory: summarise(start, samples, minutes), counts, heap };
}

// ── Report ────────────────────────────────────────────────────────────────────────────────────

const mb = (value: number) => `${value.toFixed(0)} MB`;
const verdict = (met: boolean) => (met ? "met" : "over");

function report(result: Result): boolean {
  const { memory, counts } = result;
  const goal = goals[result.database];
  const errorCount = [...counts.errors.values()].reduce((sum, count) => sum + count, 0);
  const steadyMet = memory.steady <= goal;
  const growthMet = memory.slopePerMinute <= growthGoal.slopePerMinute && memory.quarterGrowth <= growthGoal.quarterGrowth;
  console.log(`\nMemory soak on ${result.database}: ${minutes} min, ${clients} clients, RSS every ${sampleSeconds} s (server and its child processes)`);
  console.log(
    `  started as              ${[...Object.entries(production.env).map(([name, value]) => `${name}=${value}`), "node", ...production.nodeFlags, "build/server-main.js"].join(" ")} (npm run serve)`,
  );
  console.log(`  RSS at start            ${mb(memory.start)}`);
  console.log(`  RSS max                 ${mb(memory.max)}`);
  console.log(`  RSS steady state        ${mb(memory.steady)}   goal ≤ ${goal} MB: ${verdict(steadyMet)}   (median of the last half)`);
  console.log(
    `  growth over last half   ${memory.slopePerMinute.toFixed(2)} MB/min, last vs first quarter ${memory.quarterGrowth >= 0 ? "+" : ""}${memory.quarterGrowth.toFixed(1)} MB` +
      `   goal ≈ 0 (≤ ${growthGoal.slopePerMinute} MB/min, ≤ ${growthGoal.quarterGrowth} MB): ${verdict(growthMet)}`,
  );
  console.log(`  at the end              ${result.heap}`);
  console.log(`  requests served         ${counts.requests} (${counts.bookings} bookings submitted, ${counts.refusedFullyBooked} told "fully booked")`);
  console.log(`  errors                  ${errorCount}   goal 0: ${verdict(errorCount === 0)}`);
  for (const [key, count] of counts.errors) console.log(`    ×${count} ${key}`);
  return steadyMet && growthMet && errorCount === 0;
}

let allMet = true;
try {
  for (const database of databases) {
    console.log(`Soaking ${database} for ${minutes} min…`);
    const result = await soak(database);
    allMet = report(result) && allMet;
    cleanUpNow();
  }
} finally {
  cleanUpNow();
}
if (!allMet) process.exitCode = 1;
