import { serveStatic } from "@hono/node-server/serve-static";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono, type Context } from "hono";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createApi } from "../api";
import { createDevOutboxRoutes } from "../email";
import type { WebContext } from "../load-context";
import type { Services } from "../services";
import { badRequestPage, refusedPageRequest } from "./input-guard";
import { PageCache } from "./page-cache";
import { readSession, type WebSession } from "./web-session";

export type AppOptions = {
  services: Services;
  /** The React Router server build, or a loader of it (the dev server reloads it on change). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production" | "test";
  /** Folder of the built browser assets; omitted in development, where Vite serves them. */
  clientAssetsDir?: string;
  publicOrigin?: string;
  pageCacheSeconds: number;
  /** Development and tests only: the folder whose mails /dev/outbox lists. */
  devOutboxDir?: string | undefined;
  /** The sandbox payment provider's hosted page (never in production: env.ts refuses the sandbox there). */
  sandboxCheckoutRoutes?: Hono | undefined;
  /** End-to-end tests only: routes under /__test that make time pass for one booking (see test-routes.ts). */
  testRoutes?: Hono | undefined;
  logError: (error: unknown) => void;
};

function remoteAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
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

/** Only the event widget may be framed by other sites. */
function isFramable(pathname: string): boolean {
  return /^(\/de)?\/event-widget\/?$/.test(pathname);
}

/** One Hono app: the JSON API under /api, the built assets, and every other path to React Router. */
export function createApp(options: AppOptions) {
  const app = new Hono();
  const api = createApi(options.services, options.logError);
  const handleDocument = createRequestHandler(options.build, options.mode === "test" ? "production" : options.mode);
  const pageCache = new PageCache(options.pageCacheSeconds * 1000, () => options.services.cache.version);

  app.use(async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Referrer-Policy", "strict-origin-when-cross-origin");
    if (!isFramable(c.req.path)) c.header("X-Frame-Options", "SAMEORIGIN");
  });

  app.route("/api", api);
  if (options.devOutboxDir) app.route("/dev/outbox", createDevOutboxRoutes(options.devOutboxDir));
  if (options.sandboxCheckoutRoutes && options.mode !== "production") app.route("/sandbox-checkout", options.sandboxCheckoutRoutes);
  if (options.testRoutes && options.mode === "test") app.route("/__test", options.testRoutes);

  if (options.clientAssetsDir) {
    const root = options.clientAssetsDir;
    app.use("/assets/*", async (c, next) => {
      await next();
      if (c.res.status === 200) c.header("Cache-Control", "public, max-age=31536000, immutable");
    });
    app.use("*", serveStatic({ root }));
  }

  app.all("*", async (c) => {
    const request = c.req.raw;
    // NUL or lone surrogates in the path, query or form fields would fail inside a loader's or an
    // action's query: a 400 page instead of a 500 (decision 010).
    if (await refusedPageRequest(request)) return badRequestPage(new URL(request.url).pathname);
    let session: Promise<WebSession> | undefined;
    const context: WebContext = {
      services: options.services,
      publicOrigin: options.publicOrigin ?? new URL(request.url).origin,
      session: () => (session ??= readSession(request, options.services.accounts)),
      clientAddress: remoteAddress(c),
    };
    const key = pageCache.keyOf(request);
    if (key) {
      const cached = pageCache.get(key);
      if (cached) return cached;
      return pageCache.store(key, await handleDocument(request, context));
    }
    return withRenewedSession(await handleDocument(request, context), session);
  });

  return app;
}
