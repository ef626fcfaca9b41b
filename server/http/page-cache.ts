import { parseCookie } from "cookie";
import { localeCookieName, localeFromPath, preferredLocale } from "../../core/i18n/locales";
import { deviceCookieName, sessionCookieName } from "./web-session";
import { isPersonalPagePath } from "./security-headers";

/** The body is kept cut at its CSP nonce, so each visitor's copy carries that visitor's own nonce. */
/** The language cookie, and the login device cookie a logged-out visitor keeps for a year (decision 011). */
const cookiesThatDoNotChangeThePage = new Set([localeCookieName, deviceCookieName, sessionCookieName(deviceCookieName, true)]);

type CachedPage = { parts: Buffer<ArrayBuffer>[]; headers: [string, string][]; status: number; expiresAt: number; generation: number; bytes: number };

/** How much the page cache may hold; the oldest pages go first (decision 051). */
export type PageCacheLimits = { maxEntries: number; maxBytes: number };

/**
 * A page is 40–60 kB of HTML: 32 MB holds several hundred, far more than the few distinct URLs a
 * 5-second TTL needs, while query strings that change with every visit (campaign tags, scanners)
 * can no longer fill the memory with pages nobody asks for again.
 */
const defaultLimits: PageCacheLimits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };

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
  private bytes = 0;
  private readonly limits: PageCacheLimits;

  constructor(
    private readonly ttlMs: number,
    private readonly currentGeneration: () => number,
    limits: Partial<PageCacheLimits> = {},
  ) {
    this.limits = { ...defaultLimits, ...limits };
  }

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
    if (!hit) return null;
    if (hit.expiresAt <= now || hit.generation !== this.currentGeneration()) {
      this.remove(key);
      return null;
    }
    return new Response(joinParts(hit.parts, nonce), { status: hit.status, headers: hit.headers });
  }

  /** Stores a copy of `response` (rendered with `nonce`) when it may be shared; returns the response to send. */
  async store(key: string, response: Response, now = Date.now(), nonce = ""): Promise<Response> {
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) return response;
    const body = await response.text();
    const headers = [...response.headers.entries()];
    // Without a nonce (no CSP) the page is one part and serves as it is. Kept as UTF-8 bytes: their
    // size is exact, and no substring keeps a larger string alive behind it.
    const parts = (nonce ? body.split(nonce) : [body]).map((part) => Buffer.from(part, "utf8"));
    const bytes =
      key.length + parts.reduce((sum, part) => sum + part.byteLength, 0) + headers.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    this.remove(key);
    if (bytes <= this.limits.maxBytes) {
      this.dropStale(now);
      // Map order is insertion order: the first keys are the oldest.
      for (const oldest of this.pages.keys()) {
        if (this.pages.size < this.limits.maxEntries && this.bytes + bytes <= this.limits.maxBytes) break;
        this.remove(oldest);
      }
      this.pages.set(key, { parts, headers, status: response.status, expiresAt: now + this.ttlMs, generation: this.currentGeneration(), bytes });
      this.bytes += bytes;
    }
    return new Response(body, { status: response.status, headers });
  }

  /** How many pages and how many bytes of them are kept (tests). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.bytes };
  }

  /**
   * Every page lives for the same TTL, so the oldest are the first to expire, and a change of the
   * data (a new generation) makes every page stored before it stale: both are dropped from the front
   * rather than waiting for a visit to the same URL, which may never come.
   */
  private dropStale(now: number): void {
    const generation = this.currentGeneration();
    for (const [key, page] of this.pages) {
      if (page.expiresAt > now && page.generation === generation) break;
      this.remove(key);
    }
  }

  private remove(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }
}

/** The stored parts with `nonce` between them, as one body. */
function joinParts(parts: Buffer<ArrayBuffer>[], nonce: string): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0] ?? new Uint8Array();
  const separator = Buffer.from(nonce, "utf8");
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
}
