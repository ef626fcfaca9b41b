import { Hono } from "hono";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { createApp } from "../../server/http/create-app";
import { routeLabeller } from "../../server/http/metrics";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

const token = "metrics-token-for-the-tests-0123456789";
let database: DatabaseHandle;
let services: ReturnType<typeof createTestApi>["services"];
const build = () => Promise.reject<ServerBuild>(new Error("no pages in this test"));

beforeAll(async () => {
  database = await createTestDatabase();
  services = createTestApi(database).services;
});
afterAll(async () => database.close());

function appWith(metricsToken: string | undefined) {
  return createApp({ services, build, mode: "test", pageCacheSeconds: 0, logError: () => undefined, metrics: { token: metricsToken, db: database.db } });
}

describe("GET /metrics (decision 047)", () => {
  it("answers 404 when METRICS_TOKEN is not set", async () => {
    const response = await appWith(undefined).request("/metrics", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
  });

  it("answers 401 without the token or with a wrong one", async () => {
    const app = appWith(token);
    for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, token, "Bearer "]) {
      const response = await app.request("/metrics", authorization ? { headers: { Authorization: authorization } } : {});
      expect({ authorization, status: response.status }).toEqual({ authorization, status: 401 });
      expect(await response.text()).not.toContain("http_request_duration_seconds");
    }
  });

  it("reports requests by route pattern, bookings by status, the backlogs and the process's metrics", async () => {
    const app = appWith(token);
    const formId = "00000000-0000-4000-8000-000000000001";
    expect((await app.request(`/api/booking/public/${formId}`)).status).toBe(404);
    expect((await app.request("/healthz")).status).toBe(200);

    const response = await app.request("/metrics", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/api/booking/public/:formUuid",status="404"} 1');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/healthz",status="200"} 1');
    // The raw URL never becomes a label.
    expect(text).not.toContain(formId);
    expect(text).toMatch(/^bookings_by_status\{status="[a-z_]+"\} \d+$/m);
    expect(text).toMatch(/^jobs_due \d+$/m);
    expect(text).toMatch(/^emails_pending \d+$/m);
    expect(text).toContain("process_cpu_user_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    // PGlite has no pool: no pool gauge rather than zeros.
    expect(text).not.toContain("db_pool_connections");
    expect(text).toMatch(/^database_up 1$/m);
    // No admission limit given: no gauge for it.
    expect(text).not.toContain("http_requests_admitted");
  });

  it("reports the requests handled and waiting their turn when a limit is set (decision 064)", async () => {
    const app = createApp({
      services,
      build,
      mode: "test",
      pageCacheSeconds: 0,
      logError: () => undefined,
      metrics: { token, db: database.db },
      maxRequestsInFlight: 4,
    });
    expect((await app.request("/api/booking/public/00000000-0000-4000-8000-000000000001")).status).toBe(404);
    const text = await (await app.request("/metrics", { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(text).toMatch(/^http_requests_admitted\{state="in_flight"\} 0$/m);
    expect(text).toMatch(/^http_requests_admitted\{state="waiting_finishing"\} 0$/m);
    expect(text).toMatch(/^http_requests_admitted\{state="waiting_ordinary"\} 0$/m);
  });

  it("still answers with the process's metrics when the database does not, and says so", async () => {
    // A database whose every query fails, as when the server is down or the pool cannot connect.
    const refused = () => new Error("connection refused");
    // Any query built on it (select().from()…) fails when awaited, as a query on a lost connection does.
    const failingQuery: object = new Proxy(() => undefined, {
      get: (_target, property) => (property === "then" ? (_resolve: unknown, reject: (error: Error) => void) => reject(refused()) : () => failingQuery),
    });
    const failing = new Proxy(database.db, {
      get: (target, property, receiver) =>
        property === "execute" ? () => Promise.reject(refused()) : property === "select" ? () => failingQuery : Reflect.get(target, property, receiver),
    });
    const app = createApp({ services, build, mode: "test", pageCacheSeconds: 0, logError: () => undefined, metrics: { token, db: failing } });
    const response = await app.request("/metrics", { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toMatch(/^database_up 0$/m);
    expect(text).toContain("process_cpu_user_seconds_total");
    // Not a reassuring 0: no count when it could not be read.
    expect(text).toMatch(/^jobs_due Nan$/m);
    expect(text).toMatch(/^emails_pending Nan$/m);
    expect(text).not.toMatch(/^bookings_by_status\{/m);
  });
});

describe("route labels", () => {
  it("labels pages by their React Router pattern, built files as one, and anything else as unmatched", async () => {
    const pages = {
      routes: {
        root: { id: "root", path: "", module: {} },
        "routes/events": { id: "routes/events", parentId: "root", path: ":lang?/events/:slug", module: {} },
        "routes/home": { id: "routes/home", parentId: "root", index: true, module: {} },
      },
    } as unknown as ServerBuild;
    const label = routeLabeller(pages);
    const seen: string[] = [];
    const app = new Hono();
    app.use(async (c, next) => {
      await next();
      seen.push(label(c));
    });
    app.get("/api/things/:id", (c) => c.text("thing"));
    app.all("*", (c) => c.text("page"));
    for (const url of ["/api/things/42", "/de/events/golf-day", "/events/track-day", "/", "/assets/app-abc123.js", "/wp-login.php"]) await app.request(url);
    expect(seen).toEqual(["/api/things/:id", "/:lang?/events/:slug", "/:lang?/events/:slug", "/", "/assets/*", "unmatched"]);
  });

  it("takes a page's pattern from React Router's own match when the page handler passed it on", async () => {
    const label = routeLabeller({ routes: {} } as unknown as ServerBuild);
    const seen: string[] = [];
    const app = new Hono();
    app.use(async (c, next) => {
      await next();
      seen.push(label(c));
    });
    app.all("*", (c) => {
      c.set("pagePattern", "de?/events/:category");
      return c.text("page");
    });
    await app.request("/de/events/golf");
    expect(seen).toEqual(["/de?/events/:category"]);
  });
});
