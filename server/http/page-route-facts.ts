import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { Urgency } from "./admission";

/**
 * What the server must know about a page route before React Router renders it, declared in the route
 * module's `handle` export (React Router's place for a route's own data), beside its loader and action:
 * - `caching`: `"public"` when the page is the same for every anonymous visitor, so the page cache may
 *   keep it and browsers may store it; `"personal"` when it shows one person's data or carries a token
 *   in its address: never cached, always `Cache-Control: no-store` (server/http/security-headers.ts,
 *   decision 012). Every handle says it (the type asks for it); a route module without a handle, or
 *   without a say, is personal. A page is public only when its own route says so and no route above it
 *   says personal.
 * - `admission`: its turn when the process is saturated (decision 064); `ordinary` when no route of
 *   the match says otherwise. A function decides by the request (the booking page: a submit goes first).
 *
 *     export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
 */
export type PageRouteFacts = { caching: PageCaching; admission?: Urgency | ((request: PageRequest) => Urgency) };

/** Whether a page may be kept by the page cache and by browsers (`public`) or never (`personal`). */
export type PageCaching = "public" | "personal";

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

function cachingOf(handle: unknown): PageCaching | undefined {
  if (typeof handle !== "object" || handle === null || !("caching" in handle)) return undefined;
  return handle.caching === "public" || handle.caching === "personal" ? handle.caching : undefined;
}

/** The facts of a page request, as the routes of its match declare them. */
export type MatchedPageFacts = { urgency: Urgency; personal: boolean };

declare module "hono" {
  interface ContextVariableMap {
    /** The facts of the page asked for (server/http/create-app.ts), read before its body and its render. */
    pageFacts: MatchedPageFacts;
  }
}

/** What the routes of a path's match declare (the urgency may still depend on the request). */
type Declared = { admission: PageRouteFacts["admission"]; personal: boolean };

/** How many paths' matches are remembered (matchRoutes flattens and ranks every route on each call). */
const maximumRememberedPaths = 2000;

/** A build that cannot be loaded renders no page either: what is asked meanwhile is personal, in its turn. */
const unknownPage: Declared = { admission: undefined, personal: true };

/**
 * The facts of a page request, from React Router's own match of its path (`matchRoutes` over the
 * build's routes) and the `handle` of each matched route module: its urgency from the deepest route
 * that declares one, and whether it is personal (see `PageRouteFacts`). A path no route matches is
 * personal. Matches are remembered by path for a built site; the dev server reloads its build, so
 * there each request matches afresh.
 */
export function pageRouteFacts(build: ServerBuild | (() => Promise<ServerBuild>)): (request: Request) => Promise<MatchedPageFacts> {
  const remembered = new Map<string, Declared>();
  const declaredFor = (routes: ServerBuild, pathname: string): Declared => {
    const matches = matchRoutes(routeTree(routes), pagePathOf(pathname)) ?? [];
    const handles = matches.map((match) => (match.route.id === undefined ? undefined : routes.routes[match.route.id]?.module.handle));
    const admission = handles.map(admissionOf).findLast((declared) => declared !== undefined);
    const caching = handles.map(cachingOf);
    const personal = caching.at(-1) !== "public" || caching.includes("personal");
    return { admission, personal };
  };
  const built = typeof build === "function" ? undefined : build;
  const declaredOf = async (pathname: string): Promise<Declared> => {
    if (!built)
      return typeof build === "function"
        ? build().then(
            (routes) => declaredFor(routes, pathname),
            () => unknownPage,
          )
        : unknownPage;
    const known = remembered.get(pathname);
    if (known) return known;
    const declared = declaredFor(built, pathname);
    if (remembered.size >= maximumRememberedPaths) remembered.clear();
    remembered.set(pathname, declared);
    return declared;
  };
  return async (request) => {
    const url = new URL(request.url);
    const { admission, personal } = await declaredOf(url.pathname);
    const urgency = typeof admission === "function" ? admission({ method: request.method, url }) : (admission ?? "ordinary");
    return { urgency, personal };
  };
}
