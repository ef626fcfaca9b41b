import { parseCookie } from "cookie";
import { localeCookieName, localeFromPath, preferredLocale } from "../../core/i18n/locales";
import { deviceCookieName, sessionCookieName } from "./web-session";
import { isPersonalPagePath } from "./security-headers";

/** The body is kept cut at its CSP nonce, so each visitor's copy carries that visitor's own nonce. */
/** The language cookie, and the login device cookie a logged-out visitor keeps for a year (decision 011). */
const cookiesThatDoNotChangeThePage = new Set([localeCookieName, deviceCookieName, sessionCookieName(deviceCookieName, true)]);

type CachedPage = { parts: string[]; headers: [string, string][]; status: number; expiresAt: number; generation: number };

/**
 * Micro-cache of server-rendered pages for anonymous visitors: the same URL renders the same HTML for
 * everybody who carries no session, so a sale rush on /events costs one render per few seconds.
 * Requests with any cookie other than the language cookie bypass it, as do non-GET requests and
 * answers that set cookies or are not 200 HTML, and the personal pages (pay links carry tokens).
 *
 * Every page names its Content-Security-Policy nonce in its inline scripts. A stored page is served
 * with the nonce of the request it answers (the one the CSP header names), never the nonce it was
 * rendered with: a nonce that many visitors see would stop being a secret (decision 012).
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(
    private readonly ttlMs: number,
    private readonly currentGeneration: () => number,
    private readonly maxEntries = 2000,
  ) {}

  keyOf(request: Request): string | null {
    if (this.ttlMs <= 0 || request.method !== "GET") return null;
    const cookieHeader = request.headers.get("cookie");
    if (cookieHeader && Object.keys(parseCookie(cookieHeader)).some((name) => !cookiesThatDoNotChangeThePage.has(name))) return null;
    const url = new URL(request.url);
    if (isPersonalPagePath(url.pathname)) return null;
    // An unprefixed URL redirects visitors who prefer another language, so their preference is part of the key.
    const preference = localeFromPath(url.pathname) ? "" : preferredLocale({ cookieHeader, acceptLanguage: request.headers.get("accept-language") });
    // The host is part of the page (canonical and hreflang links when PUBLIC_URL is unset).
    return `${url.host}${url.pathname}${url.search}|${preference}`;
  }

  /** The stored page for `key`, its inline scripts carrying `nonce` (this request's CSP nonce). */
  get(key: string, now = Date.now(), nonce = ""): Response | null {
    const hit = this.pages.get(key);
    if (!hit || hit.expiresAt <= now || hit.generation !== this.currentGeneration()) return null;
    return new Response(hit.parts.join(nonce), { status: hit.status, headers: hit.headers });
  }

  /** Stores a copy of `response` (rendered with `nonce`) when it may be shared; returns the response to send. */
  async store(key: string, response: Response, now = Date.now(), nonce = ""): Promise<Response> {
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) return response;
    const body = await response.text();
    const headers = [...response.headers.entries()];
    if (this.pages.size >= this.maxEntries) this.pages.clear();
    // Without a nonce (no CSP) the page is one part and serves as it is.
    const parts = nonce ? body.split(nonce) : [body];
    this.pages.set(key, { parts, headers, status: response.status, expiresAt: now + this.ttlMs, generation: this.currentGeneration() });
    return new Response(body, { status: response.status, headers });
  }
}
