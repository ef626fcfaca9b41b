import { createServer as createViteServer, type ViteDevServer } from "vite";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, UNSAFE_SingleFetchRedirectSymbol as redirectSymbol, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../server/db/client";
import { demoAccounts, seedIds } from "../../server/db/seed";
import { createApp } from "../../server/http/create-app";
import { createSandboxTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * A client-side navigation loads a page's data from `/path.data?_routes=…` (`/_root.data` for `/`,
 * `/de.data` for `/de`). With future.v8_passThroughRequests the loaders get that request as it came,
 * so they must take the path and the search from their normalized `url` argument, never from
 * `request.url` (decision 063). These requests go through the whole app (createApp, and React
 * Router's build loaded through Vite) as the browser's fetches do, and check what the loaders saw:
 * the language of the path, the filters, and addresses built from it without `.data` or `_routes`.
 */
let database: DatabaseHandle;
let vite: ViteDevServer;
let app: ReturnType<typeof createApp>;
let staffCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // The payment pages ask the card provider's setup even for a return token they do not know.
  const api = createSandboxTestApi(database, "data-requests-webhook-secret");
  vite = await createViteServer({ root: process.cwd(), logLevel: "error", server: { middlewareMode: true, hmr: false }, appType: "custom" });
  const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
  app = createApp({
    services: api.services,
    build: () => Promise.resolve(build),
    mode: "test",
    pageCacheSeconds: 0,
    logError: (error) => {
      throw error;
    },
  });
  // The web session is the access token in its httpOnly cookie (plain http: the bare name).
  staffCookie = `session=${(await api.logIn(demoAccounts.staff.email, demoAccounts.staff.password)).access_token}`;
}, 120_000);

afterAll(async () => {
  await vite.close();
  await database.close();
});

type RouteResult = { data?: unknown; error?: unknown };

/** Fetches a data URL as the client does, and decodes the answer: per route id its loader's data, or the redirect. */
async function fetchData(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(new Request(`http://127.0.0.1:3000${path}`, { headers: { "accept-language": "en", ...headers } }));
  expect(response.headers.get("content-type")).toContain("text/x-script");
  if (!response.body) throw new Error(`no body for ${path}`);
  const decoded = (await decodeViaTurboStream(response.body, globalThis)).value as Record<string, RouteResult> & { [redirectSymbol]?: { redirect: string } };
  await decoded.done;
  return {
    redirect: decoded[redirectSymbol]?.redirect ?? null,
    data: (routeId: string) => {
      const result = decoded[routeId];
      if (!result || !("data" in result)) throw new Error(`no data of ${routeId} for ${path}: ${JSON.stringify(result ?? Object.keys(decoded))}`);
      return result.data as Record<string, unknown>;
    },
  };
}

describe("loaders of a client navigation's data request see the page's own address (decision 063)", () => {
  it("reads the language from /de.data and /de/events.data", async () => {
    const home = await fetchData("/de.data");
    expect(home.redirect).toBeNull();
    expect(home.data("root")).toMatchObject({ locale: "de" });
    expect(home.data("home")).toMatchObject({ locale: "de" });

    const events = await fetchData("/de/events.data?_routes=root%2Cevents");
    expect(events.data("root")).toMatchObject({ locale: "de" });
    expect(events.data("events")).toMatchObject({ locale: "de" });
  });

  it("sends a German browser from /_root.data to /de, not to /de/_root.data", async () => {
    const english = await fetchData("/_root.data?_routes=root%2Chome");
    expect(english.data("root")).toMatchObject({ locale: "en" });
    const german = await fetchData("/_root.data?_routes=root%2Chome", { "accept-language": "de-DE,de;q=0.9" });
    expect(german.redirect).toBe("/de");
  });

  it("redirects a slug of the other language with the page's own search, without .data or _routes", async () => {
    const page = await fetchData("/de/events/track-days/two-day-track-experience-at-the-nuerburgring.data?ref=news&_routes=event-page");
    expect(page.redirect).toBe("/de/events/trackdays/zwei-tage-trackday-auf-dem-nuerburgring?ref=news");
  });

  it("reads a booking page's and the payment page's language and parameters", async () => {
    const notYet = await fetchData(`/de/booking-not-bookable-yet.data?event=${seedIds.events.trackDayNotBookableYet}&_routes=booking-not-bookable-yet`);
    expect(notYet.data("booking-not-bookable-yet")).toMatchObject({ locale: "de", event: { uuid: seedIds.events.trackDayNotBookableYet } });
    const failed = await fetchData("/de/payment/failed/no-such-return-token-at-all.data?_routes=payment-failed");
    expect(failed.data("payment-failed")).toMatchObject({ locale: "de", state: "unknown" });
  });

  it("sends an anonymous visitor of a back-office page to the login and back to the page's own address", async () => {
    const answer = await fetchData("/de/admin/bookings.data?page=2&_routes=layout-admin%2Cadmin-bookings");
    expect(answer.redirect).toBe(`/de/login?redirectTo=${encodeURIComponent("/de/admin/bookings?page=2")}`);
  });

  it("gives back-office loaders the page's filters and builds their links from its address", async () => {
    const events = await fetchData("/de/admin/events.data?view=past&_routes=layout-admin%2Cadmin-events", { cookie: staffCookie });
    expect(events.data("layout-admin")).toMatchObject({ locale: "de" });
    expect(events.data("admin-events")).toMatchObject({ locale: "de", view: "past" });

    const bookings = await fetchData("/de/admin/bookings.data?sort=submitted_asc&page=2&_routes=layout-admin%2Cadmin-bookings", { cookie: staffCookie });
    const list = bookings.data("admin-bookings");
    expect(list).toMatchObject({
      locale: "de",
      errors: [],
      clearHref: "/de/admin/bookings",
      selection: { action: "/de/admin/bookings?sort=submitted_asc&page=2" },
    });
    expect(JSON.stringify(list)).not.toMatch(/\.data|_routes/);
  });
});
