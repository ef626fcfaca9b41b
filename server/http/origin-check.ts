import { createMiddleware } from "hono/factory";
import { AppError } from "../errors";

/**
 * Cross-site request forgery: a browser attaches our cookies to a form or fetch another site sends
 * here. Like React Router's check of page actions, a write is taken only when its `Origin` is this
 * site's origin. Without an Origin (older browsers, some same-origin navigations) `Sec-Fetch-Site`
 * decides, then `Referer`; a request with none of them comes from no browser, which attaches no
 * ambient cookies by accident, and is let through.
 */
export function isSameOriginRequest(request: Request): boolean {
  const expected = new URL(request.url).origin;
  const origin = request.headers.get("origin");
  if (origin !== null) return origin === expected;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite !== null) return fetchSite === "same-origin" || fetchSite === "none";
  const referer = request.headers.get("referer");
  if (referer !== null) {
    try {
      return new URL(referer).origin === expected;
    } catch {
      return false;
    }
  }
  return true;
}

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether the request carries authority a browser adds by itself: any cookie, and no bearer token. */
function isCookieAuthenticated(request: Request): boolean {
  const bearer = /^Bearer\s+\S/.test(request.headers.get("authorization") ?? "");
  return !bearer && (request.headers.get("cookie") ?? "").trim() !== "";
}

/** Refuses a page-level write (POST /logout, /locale) from another site with 403. */
export function assertSameOriginAction(request: Request): void {
  if (!safeMethods.has(request.method) && !isSameOriginRequest(request)) {
    throw new Response("Forbidden: cross-site request", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}

/**
 * API writes authenticated by a cookie (the web session, the booking key) must come from this site;
 * bearer-authenticated calls carry their authority explicitly and are exempt.
 */
export const refuseCrossSiteCookieWrites = createMiddleware(async (c, next) => {
  const request = c.req.raw;
  if (!safeMethods.has(request.method) && isCookieAuthenticated(request) && !isSameOriginRequest(request)) {
    throw new AppError("FORBIDDEN", "crossSiteRequest");
  }
  await next();
});
