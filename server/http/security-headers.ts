import { createHash, randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { stripLocalePrefix } from "../../core/i18n/locales";
import { accessTokenOf, refreshTokenOf } from "./web-session";

declare module "hono" {
  interface ContextVariableMap {
    /** This request's Content-Security-Policy nonce: every inline script of the page must carry it. */
    cspNonce: string;
    /** Set for a page whose route is personal (server/http/page-route-facts.ts): never stored, never cached. */
    personalPage: boolean;
  }
}

export type SecurityHeadersOptions = {
  /**
   * Who may frame the event widget (`/event-widget`, `/de/event-widget`): `*` or space-separated
   * origins: the site settings' partner origins, else WIDGET_FRAME_ANCESTORS (decision 035); asked
   * only when the widget is answered. Every other page may only be framed by the site itself.
   */
  widgetFrameAncestors: string | (() => Promise<string>);
  /**
   * Off only under Vite's dev server, which injects its own inline scripts and styles (HMR, CSS)
   * without a nonce; the built site (production, tests, `npm start`) always sends the policy.
   */
  contentSecurityPolicy: boolean;
  /**
   * The hash sources (`'sha256-…'`, `scriptHashSources`) of the inline scripts whose text never
   * changes: a static page carries them without a nonce (decision 059). Asked once per page answered.
   */
  inlineScriptHashes?: (() => Promise<readonly string[]>) | undefined;
};

/** Only the event widget may be framed by other sites. */
export function isWidgetPath(pathname: string): boolean {
  return /^\/event-widget\/?$/.test(stripLocalePrefix(pathname));
}

/** 128 fresh random bits per page, base64 as CSP's nonce-source grammar wants. */
export function newCspNonce(): string {
  return randomBytes(16).toString("base64");
}

/**
 * CSP hash sources of inline scripts, from their exact text (what the page has between the tags).
 * A page without hydration (decision 056) has only fixed inline scripts, and the policy allows them by
 * these hashes: such a page names no nonce, so it is the same bytes for every visitor and the page
 * cache keeps it compressed (decision 059).
 */
export function scriptHashSources(sources: readonly string[]): string[] {
  return sources.map((source) => `'sha256-${createHash("sha256").update(source, "utf8").digest("base64")}'`);
}

/**
 * The policy of every HTML page. Scripts: the site's own files, the inline scripts that carry this
 * request's nonce (React Router's hydration data, scroll restoration, the chunk-reload guard), and
 * the fixed inline scripts of `scriptHashes`; nothing injected into a page can run. Styles allow
 * inline: React renders `style` attributes (progress bars), the sandbox and outbox pages have a
 * `<style>` element (a hash or nonce here would switch 'unsafe-inline' off); CSS cannot run code. No `form-action`: Chrome applies it to the redirect
 * after a form post, and the pay button's post redirects to the payment provider's checkout page.
 */
export function contentSecurityPolicy(nonce: string, frameAncestors: string, scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** `*` stays `*`; a list of partner origins also lets the site frame its own widget. */
export function widgetFrameAncestorsOf(setting: string): string {
  const sources = setting.split(/\s+/).filter(Boolean);
  if (sources.length === 0 || sources.includes("*")) return "*";
  return ["'self'", ...sources].join(" ");
}

// ---- Cache-Control: the one rule for answers that must never be stored --------------------------

/**
 * React Router fetches a page's data from `<page>.data` on in-app navigation (`/_root.data` for the
 * home page), so that answer carries the same personal data as the page and follows its rule.
 */
function isPageDataRequest(pathname: string): boolean {
  return pathname.endsWith(".data");
}

/** What the route that answered said about storing its answer. */
export type StoringFacts = {
  /** An API route's `cache: "public"` (server/api/api-route.ts). */
  publicRead?: boolean;
  /** A page whose route is personal (its module's `handle`, server/http/page-route-facts.ts): also its `.data`. */
  personalPage?: boolean;
};

/**
 * Whether an answer must carry `Cache-Control: no-store` (no browser, proxy or back-button copy):
 * - API: everything but a public read (`publicRead`) asked anonymously, and anything that sets a cookie;
 * - pages: the personal pages (`personalPage`: their route says so, or says nothing), any page that sets
 *   a cookie, and any HTML page or page data (`.data`) of a logged-in visitor (the header shows who they
 *   are). Assets and public pages keep their caching.
 */
export function mustNotBeStored(request: Request, response: Response, facts: StoringFacts = {}): boolean {
  const { pathname } = new URL(request.url);
  if (response.headers.has("set-cookie")) return true;
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    return request.method !== "GET" || facts.publicRead !== true || request.headers.has("authorization");
  }
  if (facts.personalPage === true) return true;
  const isPage = (response.headers.get("content-type") ?? "").startsWith("text/html") || isPageDataRequest(pathname);
  return isPage && (accessTokenOf(request) !== undefined || refreshTokenOf(request) !== undefined);
}

/**
 * Sets the Content-Security-Policy of HTML answers (with the nonce the page was rendered with,
 * `c.var.cspNonce`) and `Cache-Control: no-store` where `mustNotBeStored` says so, from what the
 * answering route said (`publicRead`, `personalPage`). A handler that
 * sets its own policy (the dev outbox's stricter one) keeps it.
 */
export function securityHeaders(options: SecurityHeadersOptions): MiddlewareHandler {
  const setting = options.widgetFrameAncestors;
  const widgetAncestors = async () => widgetFrameAncestorsOf(typeof setting === "string" ? setting : await setting());
  return async (c, next) => {
    // The API renders no page: its answers need no nonce (16 random bytes per request in a sale rush).
    const nonce = c.req.path.startsWith("/api/") ? "" : newCspNonce();
    c.set("cspNonce", nonce);
    await next();
    const isHtml = (c.res.headers.get("content-type") ?? "").startsWith("text/html");
    if (options.contentSecurityPolicy && isHtml && !c.res.headers.has("content-security-policy")) {
      const frameAncestors = isWidgetPath(c.req.path) ? await widgetAncestors() : "'self'";
      c.res.headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, frameAncestors, (await options.inlineScriptHashes?.()) ?? []));
    }
    const facts = { publicRead: c.get("publicRead") === true, personalPage: c.get("personalPage") === true };
    if (mustNotBeStored(c.req.raw, c.res, facts)) c.res.headers.set("Cache-Control", "no-store");
  };
}
