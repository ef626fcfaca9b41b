import { promisify } from "node:util";
import { brotliCompress, brotliDecompressSync, constants } from "node:zlib";
import { parseCookie } from "cookie";
import { localeCookieName, localeFromPath, preferredLocale } from "../../core/i18n/locales";
import { chooseContentEncoding, gzipOnce, minimumCompressedBytes, type ContentEncoding } from "./compress-responses";
import { deviceCookieName, sessionCookieName } from "./web-session";

/** The language cookie, and the login device cookie a logged-out visitor keeps for a year (decision 011). */
const cookiesThatDoNotChangeThePage = new Set([localeCookieName, deviceCookieName, sessionCookieName(deviceCookieName, true)]);

/**
 * A page that names this request's nonce is kept cut at it, so each visitor's copy carries that
 * visitor's own nonce, and is compressed per request like any answer. A page without one (the static
 * pages, whose fixed inline blocks the CSP allows by hash, decision 059) is the same bytes for everybody:
 * kept compressed with brotli once, its gzip and plain forms made the first time a client asks for them.
 */
type StoredBody = { kind: "parts"; parts: Buffer<ArrayBuffer>[] } | { kind: "encoded"; variants: Map<ContentEncoding | "identity", Uint8Array<ArrayBuffer>> };

type CachedPage = { body: StoredBody; headers: [string, string][]; status: number; expiresAt: number; generation: number; bytes: number };

/** How much the page cache may hold; the oldest pages go first (decision 051). */
export type PageCacheLimits = { maxEntries: number; maxBytes: number };

/**
 * A page is 80–100 kB of HTML with its stylesheet (decision 055), 12–15 kB as brotli: 32 MB holds the
 * 1000 entries of compressed pages, and a few hundred of those still kept plain (pages with a nonce),
 * far more than the few distinct URLs a 5-second TTL needs, while query strings that change with every
 * visit (campaign tags, scanners) can no longer fill the memory with pages nobody asks for again.
 */
const defaultLimits: PageCacheLimits = { maxEntries: 1000, maxBytes: 32 * 1024 * 1024 };

/**
 * Brotli at quality 5 once per stored page (a few milliseconds, on zlib's threads) rather than gzip on
 * every hit (compress-responses.ts): the page is a third smaller and a hit costs no compression at all.
 */
const storedBrotliParams = { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT };
const compressForStorage = promisify(brotliCompress);

/**
 * Micro-cache of server-rendered pages for anonymous visitors: the same URL renders the same HTML for
 * everybody who carries no session, so a sale rush on /events costs one render per few seconds.
 * Requests with any cookie other than the language cookie bypass it, as do non-GET requests and
 * answers that set cookies or are not 200 HTML, and the personal pages (pay links carry tokens), as their
 * routes declare (server/http/page-route-facts.ts).
 *
 * A hydrated page names its Content-Security-Policy nonce in its inline scripts. A stored page is
 * served with the nonce of the request it answers (the one the CSP header names), never the nonce it
 * was rendered with: a nonce that many visitors see would stop being a secret (decision 012).
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

  /** The key `request` is kept under, or null when its page may not be shared: `page.personal` as its routes declare. */
  keyOf(request: Request, page: { personal: boolean }): string | null {
    if (this.ttlMs <= 0 || request.method !== "GET" || page.personal) return null;
    const cookieHeader = request.headers.get("cookie");
    if (cookieHeader && Object.keys(parseCookie(cookieHeader)).some((name) => !cookiesThatDoNotChangeThePage.has(name))) return null;
    const url = new URL(request.url);
    // An unprefixed URL redirects visitors who prefer another language, so their preference is part of the key.
    const preference = localeFromPath(url.pathname) ? "" : preferredLocale({ cookieHeader, acceptLanguage: request.headers.get("accept-language") });
    // The host is part of the page (canonical and hreflang links when PUBLIC_URL is unset).
    return `${url.host}${url.pathname}${url.search}|${preference}`;
  }

  /**
   * The stored page for `key`: a page with a nonce carries `nonce` (this request's CSP nonce); one
   * without is sent in the encoding `acceptEncoding` (the request's header) prefers, with its length.
   */
  get(key: string, now = Date.now(), nonce = "", acceptEncoding: string | null = null): Response | null {
    const hit = this.pages.get(key);
    if (!hit) return null;
    if (hit.expiresAt <= now || hit.generation !== this.currentGeneration()) {
      this.remove(key);
      return null;
    }
    if (hit.body.kind === "parts") return new Response(joinParts(hit.body.parts, nonce), { status: hit.status, headers: hit.headers });
    const encoding = chooseContentEncoding(acceptEncoding) ?? "identity";
    const bytes = this.variantOf(key, hit, hit.body.variants, encoding);
    const length: [string, string] = ["content-length", String(bytes.byteLength)];
    const headers = encoding === "identity" ? [...hit.headers, length] : [...hit.headers, length, ["content-encoding", encoding] as [string, string]];
    return new Response(bytes, { status: hit.status, headers });
  }

  /**
   * Stores a copy of `response` (rendered with `nonce`) when it may be shared; returns the response to
   * send (for a page kept compressed, already in the encoding `acceptEncoding` prefers).
   */
  async store(key: string, response: Response, now = Date.now(), nonce = "", acceptEncoding: string | null = null): Promise<Response> {
    const type = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("set-cookie")) return response;
    // The data the page was rendered from: a change while it is read and compressed makes it stale.
    const generation = this.currentGeneration();
    const text = await response.text();
    const headers = [...response.headers.entries()].filter(([name]) => name !== "content-length" && name !== "content-encoding");
    // A page kept compressed varies by Accept-Encoding, which the compression middleware would have
    // said, but it leaves an encoded answer alone: said here, once.
    const vary = response.headers.get("vary") ?? "";
    const withVary = (): [string, string][] =>
      /(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)
        ? headers
        : [...headers.filter(([name]) => name !== "vary"), ["vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding"]];
    // Kept as bytes: their size is exact, and no substring keeps a larger string alive behind it.
    const plain = Buffer.from(text, "utf8");
    const carriesNonce = nonce !== "" && text.includes(nonce);
    // Under 1,400 bytes nothing is kept compressed (compress-responses.ts): such a page stays one plain part.
    const body: StoredBody =
      carriesNonce || plain.byteLength < minimumCompressedBytes
        ? { kind: "parts", parts: carriesNonce ? text.split(nonce).map((part) => Buffer.from(part, "utf8")) : [plain] }
        : { kind: "encoded", variants: new Map([["br", asBuffer(await compressForStorage(plain, { params: storedBrotliParams }))]]) };
    const kept = body.kind === "encoded" ? withVary() : headers;
    const bytes = key.length + bodyBytes(body) + kept.reduce((sum, [name, value]) => sum + name.length + value.length, 0);
    this.remove(key);
    if (bytes <= this.limits.maxBytes) {
      this.dropStale(now);
      this.makeRoom(bytes);
      this.pages.set(key, { body, headers: kept, status: response.status, expiresAt: now + this.ttlMs, generation, bytes });
      this.bytes += bytes;
      if (body.kind === "encoded") return this.get(key, now, nonce, acceptEncoding) ?? new Response(plain, { status: response.status, headers });
    }
    return new Response(plain, { status: response.status, headers });
  }

  /** How many pages and how many bytes of them are kept (tests, bench). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.pages.size, bytes: this.bytes };
  }

  /**
   * A compressed page's bytes in `encoding`: brotli is kept from the start; gzip (clients without
   * brotli, such as browsers over plain http) and plain text (clients that accept neither) are made
   * from it on the first request that wants them and kept, counted like the rest.
   */
  private variantOf(
    key: string,
    page: CachedPage,
    variants: Map<ContentEncoding | "identity", Uint8Array<ArrayBuffer>>,
    encoding: ContentEncoding | "identity",
  ) {
    const kept = variants.get(encoding);
    if (kept) return kept;
    const plain = variants.get("identity") ?? asBuffer(brotliDecompressSync(variants.get("br") ?? Buffer.alloc(0)));
    const made = encoding === "gzip" ? gzipOnce(plain) : plain;
    if (page.bytes + made.byteLength > this.limits.maxBytes) return made;
    variants.set(encoding, made);
    page.bytes += made.byteLength;
    this.bytes += made.byteLength;
    // The page grew: older pages make room for it (this one, the newest but one, stays).
    this.makeRoom(0, key);
    return made;
  }

  /** Drops the oldest pages until `incoming` more bytes and one more entry fit (Map order is insertion order). */
  private makeRoom(incoming: number, keep?: string): void {
    for (const oldest of this.pages.keys()) {
      const entries = keep === undefined ? this.pages.size + 1 : this.pages.size;
      if (entries <= this.limits.maxEntries && this.bytes + incoming <= this.limits.maxBytes) break;
      if (oldest !== keep) this.remove(oldest);
    }
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

function bodyBytes(body: StoredBody): number {
  const buffers = body.kind === "parts" ? body.parts : [...body.variants.values()];
  return buffers.reduce((sum, buffer) => sum + buffer.byteLength, 0);
}

/** zlib answers in plain ArrayBuffers (never shared memory): a Buffer as a Response body wants it. */
function asBuffer(bytes: Buffer): Buffer<ArrayBuffer> {
  return Buffer.from(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

/** The stored parts with `nonce` between them, as one body. */
function joinParts(parts: Buffer<ArrayBuffer>[], nonce: string): Uint8Array<ArrayBuffer> {
  if (parts.length === 1) return parts[0] ?? new Uint8Array();
  const separator = Buffer.from(nonce, "utf8");
  return Buffer.concat(parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part])));
}
