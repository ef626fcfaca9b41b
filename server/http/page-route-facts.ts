import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Urgency } from "./admission";

/**
 * What the server must know about a page route before React Router renders it, declared in the route
 * module's `handle` export (React Router's place for a route's own data), beside its loader and action:
 * `admission`, its turn when the process is saturated (decision 064); `ordinary` when no route of the
 * match says otherwise. A function decides by the request (the booking page: a submit goes first).
 *
 *     export const handle = { admission: "exempt" } satisfies PageRouteFacts;
 */
export type PageRouteFacts = { admission?: Urgency | ((request: PageRequest) => Urgency) };

/** What a route's facts may decide by: the method and the URL (a `.data` request keeps its page's query). */
export type PageRequest = { method: string; url: URL };

/** The build's flat route manifest as the nested tree `matchRoutes` expects, each route with its id. */
export function routeTree(build: ServerBuild): RouteObject[] {
  const entries = Object.values(build.routes).filter((route) => route !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((route) => route.parentId === parentId)
      .map((route) =>
        route.index
          ? { id: route.id, index: true, path: route.path ?? "" }
          : { id: route.id, path: route.path ?? "", children: childrenOf(route.id), caseSensitive: route.caseSensitive ?? false },
      );
  return childrenOf(undefined);
}

/** A page's path as its route is matched: React Router's data requests (`/events.data`, `/_root.data`) name their page. */
function pagePathOf(pathname: string): string {
  if (!pathname.endsWith(".data")) return pathname;
  const page = pathname.slice(0, -".data".length);
  return page === "/_root" ? "/" : page;
}

function admissionOf(handle: unknown): PageRouteFacts["admission"] {
  if (typeof handle !== "object" || handle === null || !("admission" in handle)) return undefined;
  const admission: unknown = handle.admission;
  if (typeof admission === "function") return admission as (request: PageRequest) => Urgency;
  return admission === "finishing" || admission === "exempt" || admission === "ordinary" ? admission : undefined;
}

/** How many paths' matches are remembered (matchRoutes flattens and ranks every route on each call). */
const maximumRememberedPaths = 2000;

/**
 * The urgency of a page request, from the facts of the deepest route of its match that declares one.
 * Matches are remembered by path for a built site; the dev server reloads its build, so there each
 * request matches afresh.
 */
export function pageUrgency(build: ServerBuild | (() => Promise<ServerBuild>)): (request: Request) => Promise<Urgency> {
  const remembered = new Map<string, PageRouteFacts["admission"]>();
  const declaredFor = (routes: ServerBuild, pathname: string): PageRouteFacts["admission"] => {
    const matches = matchRoutes(routeTree(routes), pagePathOf(pathname)) ?? [];
    for (const match of [...matches].reverse()) {
      const declared = match.route.id === undefined ? undefined : admissionOf(routes.routes[match.route.id]?.module.handle);
      if (declared !== undefined) return declared;
    }
    return undefined;
  };
  const built = typeof build === "function" ? undefined : build;
  return async (request) => {
    const url = new URL(request.url);
    const { pathname } = url;
    let declared: PageRouteFacts["admission"];
    if (built) {
      if (remembered.has(pathname)) declared = remembered.get(pathname);
      else {
        declared = declaredFor(built, pathname);
        if (remembered.size >= maximumRememberedPaths) remembered.clear();
        remembered.set(pathname, declared);
      }
    } else if (typeof build === "function") {
      declared = declaredFor(await build(), pathname);
    }
    return typeof declared === "function" ? declared({ method: request.method, url }) : (declared ?? "ordinary");
  };
}
