import { createHash, timingSafeEqual } from "node:crypto";
import { and, count, eq, isNull, lte, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { matchRoutes, type ServerBuild } from "react-router";
import { collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import { bookings, jobs, outboxEmails } from "../db/schema";
import type { AdmissionStats } from "./admission";
import { routeTree } from "./page-route-facts";

/** node-postgres pool counts; absent on PGlite, which has one connection and no pool. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type MetricsOptions = {
  /** Env METRICS_TOKEN: scrapers send it as `Authorization: Bearer …`. Unset: /metrics answers 404. */
  token: string | undefined;
  db: Database;
  poolStats?: (() => PoolStats) | undefined;
  /** Requests handled now and waiting their turn (server/http/admission.ts, decision 064). */
  admissionStats?: (() => AdmissionStats) | undefined;
};

/**
 * Prometheus metrics (decision 047). One registry per app rather than prom-client's global one, so
 * that tests which build several apps in one process do not register the same metric twice.
 */
export function createMetrics(options: MetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requestDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time until the answer's headers, by route pattern (never the raw URL: ids would make every URL its own series).",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  // Read from the database at scrape time: every process on the same database reports the same
  // numbers, which is right for a shared database (take max, not sum, across instances). When the
  // database does not answer, those gauges are left out and `database_up` says 0: the process's own
  // metrics still reach the scraper (an outage is when they matter most).
  new Gauge({
    name: "database_up",
    help: "1 when the database answered this scrape, else 0.",
    registers: [registry],
    async collect() {
      this.set(
        await options.db.execute(sql`select 1`).then(
          () => 1,
          () => 0,
        ),
      );
    },
  });
  // A count that could not be read is no count: a labelled gauge reports no series, a single one NaN
  // (never a reassuring 0, and NaN fires no threshold alert).
  const fromDatabase = async (gauge: { reset(): void; set(value: number): void }, read: () => Promise<void>, single: boolean) => {
    try {
      await read();
    } catch {
      gauge.reset();
      if (single) gauge.set(Number.NaN);
    }
  };
  new Gauge({
    name: "bookings_by_status",
    help: "Bookings in each status (drafts included).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      await fromDatabase(
        this,
        async () => {
          // An index-only scan over bookings_staff_status_idx.
          const rows = await options.db.select({ status: bookings.status, count: count() }).from(bookings).groupBy(bookings.status);
          this.reset();
          for (const row of rows) this.set({ status: row.status }, row.count);
        },
        false,
      );
    },
  });
  new Gauge({
    name: "jobs_due",
    help: "Jobs due now and not done (the job worker's backlog).",
    registers: [registry],
    async collect() {
      await fromDatabase(
        this,
        async () => {
          const [row] = await options.db
            .select({ count: count() })
            .from(jobs)
            .where(and(isNull(jobs.doneAt), lte(jobs.runAt, sql`now()`)));
          this.set(row?.count ?? 0);
        },
        true,
      );
    },
  });
  new Gauge({
    name: "emails_pending",
    help: "E-mails in the outbox still to be delivered (due now or waiting for a retry).",
    registers: [registry],
    async collect() {
      await fromDatabase(
        this,
        async () => {
          const [row] = await options.db.select({ count: count() }).from(outboxEmails).where(eq(outboxEmails.status, "pending"));
          this.set(row?.count ?? 0);
        },
        true,
      );
    },
  });
  /** A gauge read when scraped, one value per `state` label. */
  const stateGauge = (name: string, help: string, read: () => Record<string, number>) =>
    new Gauge({
      name,
      help,
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        for (const [state, value] of Object.entries(read())) this.set({ state }, value);
      },
    });
  const { poolStats, admissionStats } = options;
  if (poolStats) stateGauge("db_pool_connections", "PostgreSQL pool connections: total open, idle, and queries waiting for one.", poolStats);
  if (admissionStats)
    stateGauge("http_requests_admitted", "Requests this process handles now (in_flight), and those waiting their turn by urgency (decision 064).", () => {
      const stats = admissionStats();
      return { in_flight: stats.inFlight, waiting_finishing: stats.waiting.finishing, waiting_ordinary: stats.waiting.ordinary };
    });

  return {
    registry,
    /** Times every request; the route label is resolved after the answer, when the matched route is known. */
    observe(routeOf: (c: Context) => string): MiddlewareHandler {
      return async (c, next) => {
        const end = requestDuration.startTimer();
        try {
          await next();
        } finally {
          end({ method: c.req.method, route: routeOf(c), status: String(c.res.status) });
        }
      };
    },
    /** GET /metrics: 404 unless configured, 401 without the right bearer token. */
    async answer(c: Context): Promise<Response> {
      const noStore = { "Cache-Control": "no-store" };
      if (!options.token) return c.text("Not found", 404, noStore);
      if (!bearerMatches(c.req.header("authorization"), options.token)) return c.text("Unauthorized", 401, { ...noStore, "WWW-Authenticate": "Bearer" });
      return c.body(await registry.metrics(), 200, { ...noStore, "Content-Type": registry.contentType });
    },
  };
}

/** Compares digests, which have one length, so that neither the token's length nor its prefix leaks through timing. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer\s+(.+)$/i.exec(header ?? "")?.[1]?.trim() ?? "";
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

declare module "hono" {
  interface ContextVariableMap {
    /** The React Router pattern of the page that answered (server/http/create-app.ts, decision 054). */
    pagePattern: string;
  }
}

/** Hono's catch-all patterns: the label must come from somewhere more specific. */
const catchAll = new Set(["", "*", "/*"]);
/** Labels of paths matched here (cached pages, answers React Router gave without its middleware); bounded. */
const maximumRememberedPaths = 500;

/**
 * The route label of a request: Hono's pattern for API and other registered routes, the React Router
 * route's pattern for pages (`/:lang?/events/:slug`), `/assets/*` for built files, and `unmatched`
 * for anything else, so that scanners probing random URLs add no series.
 */
export function routeLabeller(build: ServerBuild | (() => Promise<ServerBuild>)): (c: Context) => string {
  // The dev server reloads its build: pages are then labelled by the fallback, which is fine there.
  const pages = typeof build === "function" ? null : routeTree(build);
  // `matchRoutes` flattens and ranks every route on each call: a page's label is remembered by path.
  const remembered = new Map<string, string>();
  return (c) => {
    // After the answer, the route index points at the handler that gave it.
    const pattern = routePath(c);
    if (!catchAll.has(pattern)) return pattern;
    const path = c.req.path;
    if (path.startsWith("/assets/")) return "/assets/*";
    const matched = c.get("pagePattern");
    if (matched !== undefined) return labelOf([matched]);
    if (!pages) return "page";
    let label = remembered.get(path);
    if (label === undefined) {
      const matches = matchRoutes(pages, path);
      label = matches?.length ? labelOf(matches.map((match) => match.route.path ?? "")) : "unmatched";
      if (remembered.size >= maximumRememberedPaths) remembered.clear();
      remembered.set(path, label);
    }
    return label;
  };
}

/** `["", "de?/events", ":category"]` → `/de?/events/:category`; the root alone → `/`. */
function labelOf(paths: string[]): string {
  const joined = paths.filter(Boolean).join("/").replace(/\/+/g, "/");
  return `/${joined}`.replace(/\/+/g, "/").replace(/(.)\/$/, "$1");
}

