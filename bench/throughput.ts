/**
 * Requests per second for the server-rendered /events page and GET /api/public-events, each as a
 * ratio to a bare node:http server sending the same bytes (the ceiling of this machine), in one run.
 * Also measures /events with the page cache switched off (what every logged-in and booking page
 * pays: a full render, the public data from the read cache), against issue 15's goal, and "cold"
 * (the read cache off too: every query made on every request). The page cache's row is measured twice:
 * as plain HTML (a client that asks for no encoding) and as brotli, as browsers ask (decision 059).
 *
 *   npm run build && npm run bench      (BENCH_SECONDS=10 BENCH_CONNECTIONS=50 to change the load,
 *                                        BENCH_DATABASE=postgres for a throwaway PostgreSQL cluster)
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { brotliCompressSync, constants } from "node:zlib";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { publicEventsResponseSchema } from "../core/contracts/events";
import { openDatabase } from "../server/db/client";
import { seedIfEmpty } from "../server/seed/seed-if-empty";
import { freePort, startPostgresCluster, type PostgresCluster } from "../scripts/postgres-cluster";

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const headers = { "accept-language": "en-GB,en;q=0.9" };
const onPostgres = process.env.BENCH_DATABASE === "postgres";
/** The bare server's path for /events as brotli (the site answers /events itself, by Accept-Encoding). */
const brotliPath = "/events?encoding=br";
/** Issue 15: uncached SSR at ten times the 61 req/s measured before decision 048. */
const uncachedBefore = 61;
const uncachedGoal = 600;

async function waitForUp(url: string, child: ChildProcess) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not come up`);
}

async function startSite(pageCacheSeconds: number, dataDir: string, databaseUrl: string | undefined, readCacheSeconds?: number) {
  const port = await freePort();
  const child = spawn("npx", ["tsx", "server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      // Production refuses the sandbox; no payment is made by this bench, so dummy Stripe keys do.
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: "sk_test_bench",
      STRIPE_WEBHOOK_SECRET: "whsec_bench",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      PAGE_CACHE_SECONDS: String(pageCacheSeconds),
      ...(readCacheSeconds === undefined ? {} : { READ_CACHE_SECONDS: String(readCacheSeconds) }),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    stdio: ["ignore", "inherit", "inherit"],
    // Its own process group, so that stopping it also stops the node process npx starts.
    detached: true,
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForUp(`${origin}/api/booking/site`, child);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  /** Resolves once npx (and with it the server) has exited, so the next site may open the same database folder. */
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
    }
    if (child.exitCode === null && child.signalCode === null) await exited;
  };
  return { origin, stop };
}

/** The ceiling: the same status, headers and body, sent by node:http with no work at all. */
async function startBareServer(responses: Map<string, { body: Buffer; contentType: string; encoding?: string }>) {
  const server = createServer((request, response) => {
    const canned = responses.get(request.url ?? "");
    if (!canned) {
      response.writeHead(404).end();
      return;
    }
    const encoding = canned.encoding ? { "content-encoding": canned.encoding } : {};
    response.writeHead(200, { "content-type": canned.contentType, "content-length": canned.body.length, ...encoding });
    response.end(canned.body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { origin: `http://127.0.0.1:${port}`, stop: () => server.close() };
}

async function measure(url: string, parallel = connections, extraHeaders: Record<string, string> = {}): Promise<number> {
  const sent = { ...headers, ...extraHeaders };
  await autocannon({ url, connections: parallel, duration: 2, headers: sent, timeout: 30 }); // warm-up
  const result = await autocannon({ url, connections: parallel, duration: seconds, headers: sent, timeout: 30 });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * A booking page as a visitor sees it: a draft opened once (its cookie kept), then its first page
 * read again and again. Every view reads the draft (personal, never cached) and the published form.
 */
async function openBookingPage(origin: string): Promise<{ url: string; cookie: string } | null> {
  const listed = publicEventsResponseSchema.parse(await (await fetch(`${origin}/api/public-events`, { headers })).json()).data;
  const formUuid = listed.find((event) => event.state === "bookable" && event.form_uuid)?.form_uuid;
  if (!formUuid) return null;
  const cookies = new Map<string, string>();
  let url = `${origin}/booking/${formUuid}`;
  for (let hop = 0; hop < 5; hop += 1) {
    const cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const response = await fetch(url, { headers: { ...headers, cookie }, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (response.status === 200) return { url, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") };
    if (!location) return null;
    url = new URL(location, url).toString();
  }
  return null;
}

/**
 * A database with the demo site's sample events (production seeds none, so /events above is an empty
 * list, as the figures before decision 048 were measured): a new PGlite folder, or a new database in
 * the cluster. Returns the DATABASE_URL to give the site (undefined: PGlite in `siteDataDir`).
 */
async function sampleDatabase(siteDataDir: string, clusterUrl: string | undefined): Promise<string | undefined> {
  let url: string | undefined;
  if (clusterUrl) {
    // Two connections: openDatabase holds its start-up lock on one while migrating on another (decision 050).
    const admin = await openDatabase({ databaseUrl: clusterUrl, poolSize: 2 });
    await admin.db.execute(sql`create database bench_sample`);
    await admin.close();
    url = clusterUrl.replace(/\/postgres$/, "/bench_sample");
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: path.join(siteDataDir, "db"), poolSize: 2 });
  await seedIfEmpty(database.db, new Date(), { demoData: true, demoAccounts: false });
  await database.close();
  return url;
}

const dataDir = mkdtempSync(path.join(tmpdir(), "bench-"));
let cluster: PostgresCluster | undefined;
if (onPostgres) cluster = await startPostgresCluster(path.join(tmpdir(), "bench-pg"));
const databaseUrl = cluster?.url;
const site = await startSite(5, path.join(dataDir, "cached"), databaseUrl);
try {
  const paths = ["/events", "/api/public-events"];
  const responses = new Map<string, { body: Buffer; contentType: string; encoding?: string }>();
  for (const pathname of paths) {
    const response = await fetch(`${site.origin}${pathname}`, { headers });
    responses.set(pathname, { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get("content-type") ?? "text/plain" });
  }
  // What a browser gets: the page as brotli (the ceiling sends brotli bytes of the same page).
  const page = responses.get("/events");
  if (page) responses.set(brotliPath, { ...page, body: brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), encoding: "br" });
  const bare = await startBareServer(responses);
  const results: { name: string; rps: number; ceiling: number }[] = [];
  try {
    for (const pathname of paths) {
      const ceiling = await measure(`${bare.origin}${pathname}`);
      const rps = await measure(`${site.origin}${pathname}`);
      results.push({ name: pathname === "/events" ? "SSR /events (page cache on)" : "GET /api/public-events", rps, ceiling });
    }
    const ceiling = await measure(`${bare.origin}${brotliPath}`);
    const rps = await measure(`${site.origin}/events`, connections, { "accept-encoding": "br" });
    results.push({ name: "SSR /events (page cache on, brotli)", rps, ceiling });
  } finally {
    bare.stop();
  }
  site.stop();
  const ceiling = results[0]?.ceiling ?? 1;
  // Few connections: an uncached render takes milliseconds, and 50 queued requests would only measure the queue.
  const uncached = await startSite(0, path.join(dataDir, "uncached"), databaseUrl);
  let uncachedRps = 0;
  try {
    uncachedRps = await measure(`${uncached.origin}/events`, 4);
    results.push({ name: "SSR /events (page cache off, 4 conn.)", rps: uncachedRps, ceiling });
  } finally {
    uncached.stop();
  }
  const cold = await startSite(0, path.join(dataDir, "cold"), databaseUrl, 0);
  let coldRps = 0;
  try {
    coldRps = await measure(`${cold.origin}/events`, 4);
    results.push({ name: "SSR /events (cold: read cache off too)", rps: coldRps, ceiling });
  } finally {
    cold.stop();
  }
  const sampleDir = path.join(dataDir, "sample");
  const sampleUrl = await sampleDatabase(sampleDir, databaseUrl);
  for (const readCacheSeconds of [undefined, 0]) {
    const sample = await startSite(0, sampleDir, sampleUrl, readCacheSeconds);
    const label = readCacheSeconds === 0 ? "cold" : "page cache off";
    try {
      results.push({ name: `SSR /events, sample events (${label})`, rps: await measure(`${sample.origin}/events`, 4), ceiling });
      const booking = await openBookingPage(sample.origin);
      if (booking) results.push({ name: `SSR booking page, a draft (${label})`, rps: await measure(booking.url, 4, { cookie: booking.cookie }), ceiling });
      else console.log("No bookable event with a form: the booking page is not measured.");
    } finally {
      await sample.stop();
    }
  }
  console.log(
    `\nThroughput on ${onPostgres ? "PostgreSQL" : "PGlite"}, ${connections} connections, ${seconds} s each (ceiling: bare node:http sending the same bytes)`,
  );
  for (const result of results) {
    console.log(
      `  ${result.name.padEnd(44)} ${result.rps.toFixed(0).padStart(7)} req/s  ceiling ${result.ceiling.toFixed(0).padStart(7)} req/s  ratio ${((100 * result.rps) / result.ceiling).toFixed(1)} %`,
    );
  }
  const ssr = results[0];
  if (ssr)
    console.log(
      `\nGoal: SSR /events at 25 % or more of the ceiling → ${((100 * ssr.rps) / ssr.ceiling).toFixed(1)} % ${ssr.rps / ssr.ceiling >= 0.25 ? "(met)" : "(NOT met)"}`,
    );
  console.log(
    `Goal (issue 15): uncached SSR /events at ${uncachedGoal} req/s or more → ${uncachedRps.toFixed(0)} req/s, ${(uncachedRps / uncachedBefore).toFixed(1)}× the ${uncachedBefore} req/s before decision 048, ${(uncachedRps / coldRps).toFixed(1)}× this run's cold render ${uncachedRps >= uncachedGoal ? "(met)" : "(NOT met)"}`,
  );
} finally {
  site.stop();
  cluster?.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
