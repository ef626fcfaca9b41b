import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { createApi } from "../../server/api";
import type { DatabaseHandle } from "../../server/db/client";
import type { Admission, Urgency } from "../../server/http/admission";
import { pageRouteFacts } from "../../server/http/page-route-facts";
import { createTestApi } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * Each route says its turn when the process is saturated (decision 064) where it is declared: an API
 * route in its `facts`, a page in its module's `handle`. A submit goes first, from the API and from
 * the site's own booking form; what waits on the payment provider, a browser's upload or a download
 * never waits; the rest takes its turn.
 */
let database: DatabaseHandle;
const seen: Urgency[] = [];
const spy: Admission = {
  run: (urgency, work) => {
    seen.push(urgency);
    return work();
  },
  stats: () => ({ inFlight: 0, waiting: { finishing: 0, ordinary: 0 } }),
};
let api: ReturnType<typeof createApi>;

beforeAll(async () => {
  database = await createTestDatabase();
  api = createApi(createTestApi(database).services, () => undefined, spy);
});
afterAll(async () => {
  await database.close();
});

const draft = "0b0c9a52-3f44-4a8e-9a55-6e8f3f2b9d11";

async function apiUrgency(method: string, url: string): Promise<Urgency | undefined> {
  seen.length = 0;
  await api.request(url, { method, headers: { "content-type": "application/json" }, ...(method === "GET" ? {} : { body: "{}" }) });
  return seen.length === 1 ? seen[0] : undefined;
}

describe("the API's routes take their turn as they declare", () => {
  it("puts a submit first, the rest of the booking flow in turn, and never holds back what waits on others", async () => {
    expect(await apiUrgency("POST", `/booking/public/${draft}/submit`)).toBe("finishing");
    expect(await apiUrgency("GET", `/booking/public/${draft}`)).toBe("ordinary");
    expect(await apiUrgency("PUT", `/booking/public/${draft}/update/${draft}`)).toBe("ordinary");
    expect(await apiUrgency("GET", "/public-events")).toBe("ordinary");
    expect(await apiUrgency("POST", `/booking/payment/create/${draft}/en`)).toBe("exempt");
    expect(await apiUrgency("POST", "/payment/webhook/stripe")).toBe("exempt");
    expect(await apiUrgency("POST", `/booking/${draft}/upload`)).toBe("exempt");
    expect(await apiUrgency("POST", "/booking/manage/token/upload")).toBe("exempt");
    expect(await apiUrgency("GET", `/staff/events/${draft}/participants.xlsx`)).toBe("exempt");
    expect(await apiUrgency("POST", "/staff/bookings/export")).toBe("exempt");
    expect(await apiUrgency("GET", "/staff/invoices/export-datev.csv")).toBe("exempt");
    expect(await apiUrgency("GET", "/staff/invoices")).toBe("ordinary");
  });
});

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** The site's route config (app/routes.ts) as a server build, each route with its module. */
async function buildOfRoutes(): Promise<ServerBuild> {
  const built: ServerBuild["routes"] = {};
  const add = async (entries: RouteConfigEntry[], parentId: string | undefined) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file;
      const module = (await import(path.join("../../app", entry.file))) as RouteModule;
      built[id] = { id, parentId, path: entry.path, index: entry.index, caseSensitive: entry.caseSensitive, module };
      if (entry.children) await add(entry.children, id);
    }
  };
  await add(await routes, "root");
  built.root = { id: "root", path: "", module: { default: () => null } };
  return { routes: built } as ServerBuild;
}

describe("the pages take their turn as their route modules declare", () => {
  it("puts the booking form's submit first, like the API's, and never holds back a payment page or a download", async () => {
    const factsOf = pageRouteFacts(await buildOfRoutes());
    const page = async (method: string, url: string) => (await factsOf(new Request(`http://site.test${url}`, { method }))).urgency;
    expect(await page("POST", `/booking/${draft}?page=review`)).toBe("finishing");
    expect(await page("POST", `/de/booking/${draft}.data?page=review`)).toBe("finishing");
    expect(await page("POST", `/booking/${draft}?page=2`)).toBe("ordinary");
    expect(await page("GET", `/booking/${draft}?page=review`)).toBe("ordinary");
    expect(await page("GET", "/events")).toBe("ordinary");
    expect(await page("GET", "/_root.data")).toBe("ordinary");
    expect(await page("GET", "/de/pay/token")).toBe("exempt");
    expect(await page("POST", "/pay/token")).toBe("exempt");
    expect(await page("GET", "/payment/success/token")).toBe("exempt");
    expect(await page("GET", "/sma-checkout")).toBe("exempt");
    expect(await page("GET", `/invoice/${draft}`)).toBe("exempt");
    expect(await page("GET", "/my-booking/token/calendar.ics")).toBe("exempt");
    expect(await page("GET", "/my-booking/token/invoice")).toBe("exempt");
    expect(await page("GET", `/my-booking/token/files/${draft}`)).toBe("exempt");
    expect(await page("GET", "/my-booking/token")).toBe("ordinary");
    expect(await page("GET", `/admin/bookings/${draft}/uploads/${draft}`)).toBe("exempt");
    expect(await page("GET", `/admin/invoices/${draft}/pdf`)).toBe("exempt");
    expect(await page("GET", "/admin/invoices/export.csv")).toBe("exempt");
    expect(await page("GET", `/invoice/${draft}/${draft}`)).toBe("exempt");
    expect(await page("GET", `/my-booking/token/invoice/${draft}`)).toBe("exempt");
    expect(await page("POST", "/admin/bookings/export")).toBe("exempt");
    expect(await page("GET", `/de/admin/events/${draft}/participants.csv`)).toBe("exempt");
    expect(await page("GET", "/payments-overview")).toBe("ordinary");
  });
});

describe("the pages say whether they may be stored, as their route modules declare", () => {
  it("keeps every personal page (one person's data, a token in the address) out of every cache, in every language", async () => {
    const factsOf = pageRouteFacts(await buildOfRoutes());
    const personal = async (url: string) => (await factsOf(new Request(`http://site.test${url}`))).personal;
    const personalPages = [
      "/settings",
      "/settings/delete-profile",
      "/settings/delete-success",
      "/dashboard",
      "/booking",
      "/booking/3a6ca845-f832-4e8d-8d69-22656b54e637",
      "/booking-success",
      "/pay/abc",
      "/my-booking/abc.0.mac",
      "/my-booking/abc.0.mac/calendar.ics",
      "/my-booking/abc.0.mac/invoice",
      "/payment/success/abc",
      "/payment/failed",
      "/sma-checkout",
      "/sma-success",
      "/invoice/abc",
      "/reset-password/abc",
      "/register/abc",
      "/register/verification-success",
      "/login/second-factor",
      "/staff-invitation/abc",
      // A token in its address, like the reset and register links (the path list of decision 012 missed it).
      "/activate-account/abc",
      "/admin",
      "/admin/bookings",
      "/admin/no-such-screen",
      "/admin/invoices/export.csv",
      "/logout",
    ];
    for (const path of personalPages) {
      expect(await personal(path), path).toBe(true);
      expect(await personal(`/de${path}`), `/de${path}`).toBe(true);
    }
    // A page's data (in-app navigation fetches <page>.data) follows its page.
    for (const path of ["/dashboard.data", "/de/settings.data", "/booking-success.data", "/sma-success.data", "/payment/success/abc.data"]) {
      expect(await personal(path), path).toBe(true);
    }
    const publicPages = [
      "/",
      "/de",
      "/events",
      "/events/golf",
      "/de/events/golf/golf-circle",
      "/login",
      "/register",
      "/reset-password",
      "/booking-no-available-spots",
      "/booking-not-bookable-yet",
      "/event-widget",
      "/redirect/abc",
      "/imprint",
      "/dev",
      "/no/such/page",
    ];
    for (const path of publicPages) {
      expect(await personal(path), path).toBe(false);
      expect(await personal(`/de${path === "/" ? "" : path}`), `/de${path}`).toBe(false);
    }
    for (const path of ["/events.data", "/_root.data", "/robots.txt", "/sitemap.xml"]) expect(await personal(path), path).toBe(false);
  });

  it("takes a route that says nothing as personal, and a public route under a personal one as personal", async () => {
    const build = {
      routes: {
        root: { id: "root", path: "", module: { default: () => null } },
        quiet: { id: "quiet", parentId: "root", path: "quiet", module: { default: () => null } },
        frame: { id: "frame", parentId: "root", path: "", module: { default: () => null, handle: { caching: "personal" } } },
        inner: { id: "inner", parentId: "frame", path: "inner", module: { default: () => null, handle: { caching: "public" } } },
        open: { id: "open", parentId: "root", path: "open", module: { default: () => null, handle: { caching: "public" } } },
      },
    } as unknown as ServerBuild;
    const factsOf = pageRouteFacts(build);
    const personal = async (url: string) => (await factsOf(new Request(`http://site.test${url}`))).personal;
    expect(await personal("/quiet")).toBe(true);
    expect(await personal("/inner")).toBe(true);
    expect(await personal("/open")).toBe(false);
    expect(await personal("/nothing-matches")).toBe(true);
  });
});
