import { createContext, RouterContextProvider, type RouterContext } from "react-router";
import type { WebSession } from "./http/web-session";
import type { Services } from "./services";

/** What every loader and action receives from the server: `context.get(webContext)` (decision 016). */
export type WebContext = {
  services: Services;
  /** Absolute origin for canonical and hreflang links, e.g. `https://events.example.com`. */
  publicOrigin: string;
  /**
   * The request's logged-in user, read once per request: root and page loaders run in parallel,
   * and two refreshes with one refresh token would look like a stolen token.
   */
  session: () => Promise<WebSession>;
  /** The client's address for rate limits: the socket's, or a trusted proxy's X-Forwarded-For hop (TRUST_PROXY, decision 009). */
  clientAddress: string;
  /** This request's Content-Security-Policy nonce; app/entry.server.tsx puts it on every inline script. */
  cspNonce: string;
  /**
   * The matched route's pattern (`/de?/events/:category`), set by the root middleware
   * (app/root.server.ts): the request metrics label with it instead of matching the URL again (decision 054).
   */
  routePattern?: string;
};

/**
 * React Router's typed context (future.v8_middleware): set once per request by
 * server/http/create-app.ts, read with `context.get(webContext)` in loaders, actions and
 * entry.server. No default: reading it outside a request served by createApp throws.
 *
 * One object per process, kept on globalThis: the server build (build/server, or Vite's in
 * development) bundles its own copy of this module, and `context.get` finds a value by the
 * identity of the context object that createApp set it with.
 */
const contextKey = Symbol.for("event-booking.web-context");
const registry = globalThis as typeof globalThis & { [contextKey]?: RouterContext<WebContext> };
export const webContext: RouterContext<WebContext> = (registry[contextKey] ??= createContext<WebContext>());

/** The router context of one request, holding its WebContext. */
export function routerContextOf(web: WebContext): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(webContext, web);
  return context;
}

declare module "react-router" {
  interface Future {
    v8_middleware: true;
  }
}
