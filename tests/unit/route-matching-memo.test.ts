import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createStaticHandler, type RouteObject, type StaticHandlerContext } from "react-router";
import { describe, expect, it } from "vitest";

/**
 * Decision 062: React Router is patched (patches/react-router+7.18.4.patch) to remember which routes a
 * path matched over a server's precomputed branches. What a page gets must not change: the right route
 * and params for every path, the same again on a second request, and its own copy each time.
 */
const routes: RouteObject[] = [
  {
    id: "layout",
    children: [
      { id: "events", path: "de?/events", loader: () => null },
      { id: "events-category", path: "de?/events/:category", loader: () => null },
      { id: "event-page", path: "de?/events/:category/:event", loader: () => null },
      { id: "content-page", path: "de?/:slug", loader: () => null },
      { id: "not-found", path: "de?/*", loader: () => null },
    ],
  },
];

async function matched(handler: ReturnType<typeof createStaticHandler>, pathname: string) {
  const context = (await handler.query(new Request(`http://site.test${pathname}`))) as StaticHandlerContext;
  return context.matches.map((match) => ({ id: match.route.id, params: { ...match.params }, pathname: match.pathname }));
}

describe("route matching, remembered per path (patched React Router)", () => {
  it("the installed React Router carries the patch (npm install's postinstall applied it)", () => {
    const folder = path.join(process.cwd(), "node_modules/react-router/dist/development");
    const chunks = readdirSync(folder)
      .filter((name) => name.endsWith(".mjs"))
      .map((name) => readFileSync(path.join(folder, name), "utf8"));
    expect(chunks.find((text) => text.includes("function matchRoutesImpl("))).toContain("branchMatchMemo");
    const serverRouter = chunks.find((text) => text.includes("function ServerRouter("));
    expect(serverRouter).toContain("serverRoutesMemo");
    // The hydration data is encoded only for a page that renders <Scripts>.
    expect(serverRouter).toContain("lazyHandoffReader");
  });

  it("gives each path its own route and params, the same on every request", async () => {
    const handler = createStaticHandler(routes);
    const expected = {
      "/events": [{ id: "layout" }, { id: "events", params: {} }],
      "/de/events/golf": [{ id: "layout" }, { id: "events-category", params: { category: "golf" } }],
      "/events/golf/spring-cup": [{ id: "layout" }, { id: "event-page", params: { category: "golf", event: "spring-cup" } }],
      "/imprint": [{ id: "layout" }, { id: "content-page", params: { slug: "imprint" } }],
      "/de/no/such/page": [{ id: "layout" }, { id: "not-found", params: { "*": "no/such/page" } }],
    };
    for (let round = 0; round < 3; round += 1)
      for (const [pathname, want] of Object.entries(expected)) {
        const got = await matched(handler, pathname);
        expect(got.map((match) => match.id)).toEqual(want.map((match) => match.id));
        expect(got.at(-1)?.params).toEqual(want.at(-1)?.params);
      }
  });

  it("hands out copies: a caller that changes its matches does not change the next request's", async () => {
    const handler = createStaticHandler(routes);
    const first = (await handler.query(new Request("http://site.test/events/golf"))) as StaticHandlerContext;
    const changed = first.matches.at(-1);
    if (!changed) throw new Error("no match");
    // Params are read-only to a page; a caller that writes them anyway must not reach the next request.
    Object.assign(changed.params, { category: "changed" });
    changed.pathname = "/changed";
    const second = await matched(handler, "/events/golf");
    expect(second.at(-1)).toEqual({ id: "events-category", params: { category: "golf" }, pathname: "/events/golf" });
  });

  it("stays right past the number of paths it remembers", async () => {
    const handler = createStaticHandler(routes);
    for (let index = 0; index < 1_200; index += 1) {
      const got = await matched(handler, `/events/category-${index}`);
      expect(got.at(-1)?.params).toEqual({ category: `category-${index}` });
    }
    expect((await matched(handler, "/events/category-3")).at(-1)?.params).toEqual({ category: "category-3" });
    // A path longer than what is remembered is matched as before.
    const long = "x".repeat(600);
    expect((await matched(handler, `/events/${long}`)).at(-1)?.params).toEqual({ category: long });
  });
});
