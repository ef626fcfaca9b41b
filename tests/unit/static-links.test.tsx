import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { isActivePath, Link, NavLink } from "../../app/components/link";
import { StaticRenderContext } from "../../app/utils/static-page";

/** The element rendered in a data router at `path`, the way a page is rendered on the server. */
async function render(path: string, element: ReactNode, staticRender: boolean): Promise<string> {
  const routes = [{ path: "*", element: <StaticRenderContext.Provider value={staticRender}>{element}</StaticRenderContext.Provider> }];
  const { query, dataRoutes } = createStaticHandler(routes);
  const context = await query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />);
}

/** What React Router writes, less the attribute that only its browser router reads. */
const withoutRouterMarks = (html: string) => html.replaceAll(' data-discover="true"', "");

const pill = ({ isActive }: { isActive: boolean }) => (isActive ? "pill on" : "pill");

const cases: { name: string; at: string; element: ReactNode }[] = [
  { name: "a link with a query and a fragment", at: "/events", element: <Link to="/booking-no-available-spots?event=abc#top" className="x" prefetch="intent" replace>Book</Link> },
  { name: "a link to the page itself", at: "/de/events", element: <Link to="/de/events" aria-label="Events">Events</Link> },
  { name: "an active NavLink, class from a function", at: "/events/track-days", element: <NavLink to="/events/track-days" className={pill}>Track days</NavLink> },
  { name: "a NavLink to a parent (active unless end)", at: "/events/track-days", element: <><NavLink to="/events" className={pill}>All</NavLink><NavLink end to="/events" className={pill}>All, end</NavLink></> },
  { name: "an inactive NavLink with a plain class", at: "/login", element: <NavLink to="/events" className="nav">Events</NavLink> },
  { name: "a NavLink whose path differs in case only", at: "/Events", element: <NavLink to="/events">Events</NavLink> },
  { name: "a NavLink with a trailing slash", at: "/events/golf", element: <NavLink to="/events/">Events</NavLink> },
  { name: "a NavLink whose path only starts like the page's", at: "/eventsx", element: <NavLink to="/events">Events</NavLink> },
  { name: "a NavLink with children and style from functions", at: "/events", element: <NavLink to="/events" aria-current="location" style={({ isActive }) => ({ fontWeight: isActive ? 700 : 400 })}>{({ isActive }) => (isActive ? "here" : "there")}</NavLink> },
];

describe("the site's links on a page without hydration (decision 066)", () => {
  for (const { name, at, element } of cases) {
    it(`writes what React Router writes: ${name}`, async () => {
      const plain = await render(at, element, true);
      expect(plain).not.toContain("data-discover");
      expect(plain).toBe(withoutRouterMarks(await render(at, element, false)));
    });
  }

  it("leaves relative paths and paths URL encoding would change to React Router", async () => {
    const rewritten = ["/events?", "/events#", "/events?#top", "/a//b", "/a/../b", "/a/./b", "/a/b/.", "/a/%2e%2e/b", "/a/%2E/b"];
    for (const to of ["events", "../events", "/events/golf yoga", "/événements", "//elsewhere.example", ...rewritten]) {
      expect(await render("/de/x", <Link to={to}>x</Link>, true)).toBe(await render("/de/x", <Link to={to}>x</Link>, false));
    }
  });

  it("leaves a masked link to React Router, and a NavLink whose path React Router rewrites", async () => {
    const masked = <Link to="/events" mask="/masked">x</Link>;
    expect(await render("/events", masked, true)).toBe(await render("/events", masked, false));
    for (const [at, to] of [["/b", "/a/../b"], ["/a/b", "/a//b"]] as const) {
      const link = <NavLink to={to} className={pill}>x</NavLink>;
      expect(await render(at, link, true)).toBe(await render(at, link, false));
    }
  });

  it("tells an active path as React Router does", () => {
    expect(isActivePath("/events", "/events", true, false)).toBe(true);
    expect(isActivePath("/events/golf", "/events", true, false)).toBe(false);
    expect(isActivePath("/events/golf", "/events", false, false)).toBe(true);
    expect(isActivePath("/Events", "/events", false, true)).toBe(false);
    expect(isActivePath("/", "/", false, false)).toBe(true);
  });
});
