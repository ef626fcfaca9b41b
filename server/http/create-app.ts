import { readdirSync } from "node:fs";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createRequestHandler, type ServerBuild } from "react-router";
import { eventImageFileNamePattern, eventImagePath } from "../../core/contracts/event-images";
import { stripLocalePrefix } from "../../core/i18n/locales";
import { createApi } from "../api";
import { createDevOutboxRoutes } from "../email";
import { routerContextOf, type WebContext } from "../load-context";
import type { Services } from "../services";
import { compressResponses, stateJsonAnswerLength } from "./compress-responses";
import { clientAddressOf, forwardedView, rememberClientAddress, socketAddress, withUrl, type TrustProxy } from "./forwarded-request";
import { badRequestPage, maximumPageFormBytes, payloadTooLargePage, refusedPageRequest } from "./input-guard";
import { createMetrics, routeLabeller, type MetricsOptions } from "./metrics";
import { PageCache } from "./page-cache";
import { scriptHashSources, securityHeaders } from "./security-headers";
import { readSession, type WebSession } from "./web-session";
import { createAdmission } from "./admission";
import { pageRouteFacts } from "./page-route-facts";

export type AppOptions = {
  services: Services;
  /** The React Router server build, or a loader of it (the dev server reloads it on change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production" | "test";
  /** Folder of the built browser assets; omitted in development, where Vite serves them. */
  clientAssetsDir?: string;
  publicOrigin?: string | undefined;
  /** Env TRUST_PROXY: which peers' X-Forwarded-Proto/-Host/-For are believed (off when omitted). */
  trustProxy?: TrustProxy | undefined;
  pageCacheSeconds: number;
  /** Development and tests only: the folder whose mails /dev/outbox lists. */
  devOutboxDir?: string | undefined;
  /** The sandbox payment provider's hosted page (never in production: env.ts refuses the sandbox there). */
  sandboxCheckoutRoutes?: Hono | undefined;
  /** End-to-end tests only: routes under /__test that make time pass for one booking (see test-routes.ts). */
  testRoutes?: Hono | undefined;
  /** Who may frame /event-widget: `*` (default) or space-separated origins (WIDGET_FRAME_ANCESTORS). */
  widgetFrameAncestors?: string | undefined;
  /** Env HSTS_INCLUDE_SUBDOMAINS: HSTS covers every subdomain too (off: only this site's own host). */
  hstsIncludeSubdomains?: boolean | undefined;
  logError: (error: unknown) => void;
  /** Prometheus metrics at /metrics (decision 047); without it, no request is timed. */
  metrics?: MetricsOptions | undefined;
  /** Env MAX_REQUESTS_IN_FLIGHT: API calls and page renders handled at once, a booking's submit first (decision 064); no limit when omitted or 0. */
  maxRequestsInFlight?: number | undefined;
};

/**
 * Browsers remember it for a year and then never try plain http on this host. Its subdomains only
 * when the operator says so (HSTS_INCLUDE_SUBDOMAINS): they may be other people's plain-http sites.
 */
function strictTransportSecurity(includeSubdomains: boolean): string {
  return includeSubdomains ? "max-age=31536000; includeSubDomains" : "max-age=31536000";
}

/**
 * A session renewed while answering (expired access token, refresh token rotated) must reach the
 * browser whatever answered: page, action or redirect. Otherwise the next request would present the
 * spent refresh token, which counts as theft and ends the session.
 */
async function withRenewedSession(response: Response, session: Promise<WebSession> | undefined): Promise<Response> {
  const cookies = session ? (await session).setCookies : [];
  if (cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  const already = new Set(headers.getSetCookie().map((cookie) => cookie.split("=")[0]));
  for (const cookie of cookies) if (!already.has(cookie.split("=")[0])) headers.append("Set-Cookie", cookie);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The hash sources of the inline scripts app/entry.server.tsx names as fixed (`fixedInlineScripts`). */
function fixedInlineScriptHashes(build: ServerBuild): string[] {
  const sources: unknown = (build.entry.module as unknown as Record<string, unknown>).fixedInlineScripts;
  if (!Array.isArray(sources)) return [];
  return scriptHashSources(sources.filter((source): source is string => typeof source === "string"));
}

/**
 * The URL paths of the files in the built assets folder, read once at start: the build does not
 * change while the process runs. Directories are left out (the build has no index.html to serve).
 */
export function staticFilePaths(root: string): Set<string> {
  const paths = new Set<string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) paths.add(`/${path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/")}`);
  return paths;
}

function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** Only the event widget may be framed by other sites. */
function isFramable(pathname: string): boolean {
  return /^\/event-widget\/?$/.test(stripLocalePrefix(pathname));
}

/** One Hono app: the JSON API under /api, the built assets, and every other path to React Router. */
export function createApp(options: AppOptions) {
  const app = new Hono();
  // Past the limit, API calls and page renders wait for their turn, a booking's submit first.
  const admission = options.maxRequestsInFlight ? createAdmission({ maxInFlight: options.maxRequestsInFlight }) : undefined;
  const api = createApi(options.services, options.logError, admission);
  const handleDocument = createRequestHandler(options.build, options.mode === "test" ? "production" : options.mode);
  const pageCache = new PageCache(options.pageCacheSeconds * 1000, () => options.services.readsVersion());
  const trustProxy: TrustProxy = options.trustProxy ?? { mode: "off" };
  const hsts = strictTransportSecurity(options.hstsIncludeSubdomains ?? false);

  // Outermost, so that it sees the final answer with every header the others set (decision 045).
  app.use(compressResponses());
  if (options.metrics) {
    const metrics = createMetrics({ ...options.metrics, admissionStats: admission?.stats });
    app.use(metrics.observe(routeLabeller(options.build)));
    app.get("/metrics", (c) => metrics.answer(c));
  }

  // For a balancer or an orchestrator: the process answers at all (no database), and it can serve.
  app.get("/healthz", (c) => c.json({ status: "up" }, 200, { "Cache-Control": "no-store" }));
  app.get("/readyz", async (c) => {
    const readiness = await options.services.readiness();
    return c.json(readiness, readiness.ready ? 200 : 503, { "Cache-Control": "no-store" });
  });

  // Behind a proxy the request must carry the URL the browser asked for: React Router compares a
  // form post's Origin with it, and its https decides Secure cookies and HSTS (decision 009).
  app.use(async (c, next) => {
    const view = forwardedView(c.req.raw, socketAddress(c), trustProxy, options.publicOrigin);
    if (view.url !== c.req.url) c.req.raw = withUrl(c.req.raw, view.url);
    rememberClientAddress(c, view.clientAddress);
    await next();
    if (view.url.startsWith("https:")) c.res.headers.set("Strict-Transport-Security", hsts);
  });

  // Headers after a handler go on its answer's own headers, as Hono's secureHeaders middleware sets
  // them: `c.header()` there would copy the answer around its body stream each time.
  app.use(async (c, next) => {
    await next();
    c.res.headers.set("X-Content-Type-Options", "nosniff");
    c.res.headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!isFramable(c.req.path)) c.res.headers.set("X-Frame-Options", "SAMEORIGIN");
  });
  // CSP with a per-request nonce, and the one no-store rule (server/http/security-headers.ts). No CSP under Vite's dev server.
  const contentSecurityPolicy = options.clientAssetsDir !== undefined || options.mode !== "development";
  // The widget's framers: the site settings' partner origins (back office, decision 035), else the
  // environment's; a failed read falls back to the environment's rather than failing the page.
  const widgetFrameAncestors = async () => {
    try {
      return await options.services.widgetFrameAncestors();
    } catch (error) {
      options.logError(error);
      return options.widgetFrameAncestors ?? "*";
    }
  };
  // The fixed inline scripts of a static page are allowed by hash (decision 059), from the text the
  // server build renders (its entry module exports it): hashed once for a built site.
  let builtHashes: Promise<readonly string[]> | undefined;
  const inlineScriptHashes = () =>
    typeof options.build === "function"
      ? // A build that cannot load renders no page either: an answer made before one (a 413) needs no hash.
        options.build().then(fixedInlineScriptHashes, () => [])
      : (builtHashes ??= Promise.resolve(fixedInlineScriptHashes(options.build)));
  app.use(securityHeaders({ widgetFrameAncestors, contentSecurityPolicy, inlineScriptHashes }));

  app.use("/api/*", stateJsonAnswerLength());
  app.route("/api", api);
  if (options.devOutboxDir) app.route("/dev/outbox", createDevOutboxRoutes(options.devOutboxDir));
  if (options.sandboxCheckoutRoutes && options.mode !== "production") app.route("/sandbox-checkout", options.sandboxCheckoutRoutes);
  if (options.testRoutes && options.mode === "test") app.route("/__test", options.testRoutes);

  // Uploaded event images (decision 040): content-hashed names never change their bytes, so a year.
  app.get(`${eventImagePath}/:name`, async (c) => {
    const name = c.req.param("name");
    const bytes = eventImageFileNamePattern.test(name) ? await options.services.staffCatalogue.imageFile(name) : null;
    if (!bytes) return c.text("Not found", 404, { "Cache-Control": "no-store" });
    const type = name.endsWith(".webp") ? "image/webp" : "image/jpeg";
    return c.body(new Uint8Array(bytes), 200, { "Content-Type": type, "Cache-Control": "public, max-age=31536000, immutable" });
  });

  if (options.clientAssetsDir) {
    const root = options.clientAssetsDir;
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.res.headers.set("Cache-Control", "public, max-age=31536000, immutable");
    });
    // Scripts and styles were compressed once at build (scripts/precompress-assets.ts): sent as they are.
    const serveFile = serveStatic({ root, precompressed: true });
    // Only paths of files the build holds reach serveStatic: for every page it would otherwise look
    // for a file of that name with a synchronous stat that fails (a thrown error per page, decision 060).
    const files = staticFilePaths(root);
    app.use("*", (c, next) => (files.has(decodedPath(c.req.path)) ? serveFile(c, next) : next()));
  }

  // Before anything reads a page's form post (the input guard, then the action): a body over the
  // limit is refused while it streams in, with or without Content-Length, never buffered whole.
  const limitPageBody = bodyLimit({ maxSize: maximumPageFormBytes, onError: (c) => payloadTooLargePage(c.req.path) });
  // Not for GET and HEAD, which no page reads a body of: the limit's look at the body makes the
  // node adapter build a whole Fetch Request for every page view (≈ 3 % of an uncached page's CPU).
  const pageBodyLimit: MiddlewareHandler = (c, next) => (c.req.method === "GET" || c.req.method === "HEAD" ? next() : limitPageBody(c, next));
  // What the page's routes declare in their modules' `handle` (page-route-facts.ts): its turn, and
  // whether it is personal (never cached; security-headers.ts sends no-store, also on the body limit's 413).
  const factsOf = pageRouteFacts(options.build);
  const withPageFacts: MiddlewareHandler = async (c, next) => {
    const facts = await factsOf(c.req.raw);
    c.set("pageFacts", facts);
    if (facts.personal) c.set("personalPage", true);
    await next();
  };
  app.all("*", withPageFacts, pageBodyLimit, async (c) => {
    const facts = c.var.pageFacts;
    const request = c.req.raw;
    // NUL or lone surrogates in the path, query or form fields would fail inside a loader's or an
    // action's query: a 400 page instead of a 500 (decision 010).
    if (await refusedPageRequest(request)) return badRequestPage(new URL(request.url).pathname);
    let session: Promise<WebSession> | undefined;
    const context: WebContext = {
      services: options.services,
      publicOrigin: options.publicOrigin ?? new URL(request.url).origin,
      session: () => (session ??= readSession(request, options.services.accounts, context.clientAddress)),
      clientAddress: clientAddressOf(c),
      cspNonce: c.var.cspNonce,
    };
    const render = async () => {
      const handled = () => handleDocument(request, routerContextOf(context));
      // A page-cache hit below never waits; a render (or an action) takes its turn.
      // Its turn as its route says (the route module's `handle`, page-route-facts.ts).
      const response = await (admission ? admission.run(facts.urgency, handled) : handled());
      // React Router has matched the route: the metrics label is its pattern (decision 054).
      if (context.routePattern !== undefined) c.set("pagePattern", context.routePattern);
      return response;
    };
    const key = pageCache.keyOf(request, facts);
    if (key) {
      // A cached page is re-signed with this request's nonce, which the CSP header names (decision 012).
      // A page without a nonce (decision 059) is kept compressed and sent in the encoding asked for.
      const acceptEncoding = c.req.header("Accept-Encoding") ?? null;
      const cached = pageCache.get(key, Date.now(), context.cspNonce, acceptEncoding);
      if (cached) return cached;
      return pageCache.store(key, await render(), Date.now(), context.cspNonce, acceptEncoding);
    }
    return withRenewedSession(await render(), session);
  });

  return app;
}
