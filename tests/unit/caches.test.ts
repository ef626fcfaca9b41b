import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PageCache } from "../../server/http/page-cache";
import { ReadCache } from "../../server/deps/cache";

describe("read cache", () => {
  it("reuses a value until it expires or is invalidated", async () => {
    let now = 0;
    const cache = new ReadCache(1000, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    expect(await cache.get("k", load)).toBe(1);
    now = 1000;
    expect(await cache.get("k", load)).toBe(2);
    cache.invalidate();
    expect(await cache.get("k", load)).toBe(3);
  });

  it("does not keep a value loaded across a write", async () => {
    const cache = new ReadCache(10_000);
    let loads = 0;
    await cache.get("k", async () => {
      loads += 1;
      cache.invalidate();
      return loads;
    });
    expect(await cache.get("k", async () => ++loads)).toBe(2);
  });
});

describe("read cache bounds and shared loads", () => {
  it("keeps at most maxEntries values, dropping the oldest first", async () => {
    const cache = new ReadCache(10_000, () => 0, { maxEntries: 2 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get("a", load);
    await cache.get("b", load);
    await cache.get("c", load);
    expect(cache.size.entries).toBe(2);
    expect(await cache.get("b", load)).toBe(2);
    expect(await cache.get("c", load)).toBe(3);
    // "a" was the oldest: loaded again.
    expect(await cache.get("a", load)).toBe(4);
  });

  it("keeps about maxBytes of values and never one larger than that", async () => {
    const cache = new ReadCache(10_000, () => 0, { maxBytes: 100 });
    await cache.get("a", async () => "x".repeat(40));
    await cache.get("b", async () => "y".repeat(40));
    expect(cache.size).toEqual({ entries: 2, bytes: 84 });
    await cache.get("c", async () => "z".repeat(40));
    expect(cache.size).toEqual({ entries: 2, bytes: 84 });
    let loads = 0;
    await cache.get("huge", async () => ({ loads: ++loads, text: "h".repeat(200) }));
    await cache.get("huge", async () => ({ loads: ++loads, text: "h".repeat(200) }));
    expect(loads).toBe(2);
    expect(cache.size.bytes).toBeLessThanOrEqual(100);
  });

  it("lets requests that miss together share one load, but not across a write", async () => {
    const cache = new ReadCache(10_000);
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = async () => {
      loads += 1;
      const mine = loads;
      await gate;
      return mine;
    };
    const first = cache.get("k", slow);
    const second = cache.get("k", slow);
    cache.invalidate();
    const afterWrite = cache.get("k", slow);
    release();
    expect(await Promise.all([first, second, afterWrite])).toEqual([1, 1, 2]);
    expect(loads).toBe(2);
    // The value loaded after the write is kept; the one from before it is not.
    expect(await cache.get("k", async () => 99)).toBe(2);
  });

  it("does not keep a failed load", async () => {
    const cache = new ReadCache(10_000);
    await expect(cache.get("k", () => Promise.reject(new Error("gone")))).rejects.toThrow("gone");
    expect(await cache.get("k", async () => 1)).toBe(1);
  });

  it("with a TTL of 0 loads every time and keeps nothing", async () => {
    const cache = new ReadCache(0);
    let loads = 0;
    await cache.get("k", async () => ++loads);
    await cache.get("k", async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size.entries).toBe(0);
  });
});

describe("page cache", () => {
  const publicPage = { personal: false };
  const html = () => new Response("<p>hi</p>", { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });

  it("keys anonymous GETs by URL and, for unprefixed paths, the visitor's language", () => {
    const cache = new PageCache(5000, () => 0);
    expect(cache.keyOf(new Request("http://h/events"), publicPage)).toBe("h/events|en");
    expect(cache.keyOf(new Request("http://h/events", { headers: { "accept-language": "de" } }), publicPage)).toBe("h/events|de");
    expect(cache.keyOf(new Request("http://h/de/events?x=1", { headers: { cookie: "i18n_redirected=en" } }), publicPage)).toBe("h/de/events?x=1|");
    expect(cache.keyOf(new Request("http://h/events", { headers: { cookie: "session=abc" } }), publicPage)).toBeNull();
    // A logged-out visitor keeps the login device cookie for a year: it does not change the page.
    expect(cache.keyOf(new Request("http://h/events", { headers: { cookie: "device=u:d.s; i18n_redirected=en" } }), publicPage)).toBe("h/events|en");
    expect(cache.keyOf(new Request("https://h/events", { headers: { cookie: "__Host-device=u:d.s" } }), publicPage)).toBe("h/events|en");
    expect(cache.keyOf(new Request("http://h/events", { method: "POST" }), publicPage)).toBeNull();
  });

  it("serves stored pages until they expire or the data changes", async () => {
    let generation = 0;
    const cache = new PageCache(5000, () => generation);
    const stored = await cache.store("k", html(), 0);
    expect(await stored.text()).toBe("<p>hi</p>");
    expect(await cache.get("k", 4999)?.text()).toBe("<p>hi</p>");
    expect(cache.get("k", 5000)).toBeNull();
    await cache.store("k", html(), 0);
    generation = 1;
    expect(cache.get("k", 1)).toBeNull();
  });

  it("never stores errors, redirects or answers that set cookies", async () => {
    const cache = new PageCache(5000, () => 0);
    await cache.store("a", new Response("x", { status: 404, headers: { "content-type": "text/html" } }), 0);
    await cache.store("b", new Response(null, { status: 302, headers: { location: "/de" } }), 0);
    await cache.store("c", new Response("x", { status: 200, headers: { "content-type": "text/html", "set-cookie": "a=1" } }), 0);
    expect(cache.get("a", 1)).toBeNull();
    expect(cache.get("b", 1)).toBeNull();
    expect(cache.get("c", 1)).toBeNull();
  });

  it("keeps at most maxEntries pages, dropping the oldest first", async () => {
    const cache = new PageCache(5000, () => 0, { maxEntries: 2 });
    await cache.store("a", html(), 0);
    await cache.store("b", html(), 1);
    await cache.store("c", html(), 2);
    expect(cache.size.entries).toBe(2);
    expect(cache.get("a", 3)).toBeNull();
    expect(await cache.get("b", 3)?.text()).toBe("<p>hi</p>");
    expect(await cache.get("c", 3)?.text()).toBe("<p>hi</p>");
  });

  it("keeps at most maxBytes of pages, dropping the oldest first, and never one larger than that", async () => {
    const page = (text: string) => new Response(text, { status: 200, headers: { "content-type": "text/html" } });
    // Each entry counts its key, its UTF-8 body and its headers: "k1" + 100 + "content-type" + "text/html" = 123.
    const cache = new PageCache(5000, () => 0, { maxBytes: 300 });
    await cache.store("k1", page("x".repeat(100)), 0);
    await cache.store("k2", page("y".repeat(100)), 0);
    expect(cache.size).toEqual({ entries: 2, bytes: 246 });
    await cache.store("k3", page("z".repeat(100)), 0);
    expect(cache.size).toEqual({ entries: 2, bytes: 246 });
    expect(cache.get("k1", 1)).toBeNull();
    expect(await cache.get("k3", 1)?.text()).toBe("z".repeat(100));
    // Multi-byte characters count as the bytes they take: 100 "ä" are 200 bytes.
    await cache.store("k4", page("ä".repeat(100)), 0);
    expect(cache.size).toEqual({ entries: 1, bytes: 223 });
    const huge = await cache.store("k5", page("h".repeat(400)), 0);
    expect(await huge.text()).toBe("h".repeat(400));
    expect(cache.get("k5", 1)).toBeNull();
    expect(cache.size.bytes).toBeLessThanOrEqual(300);
  });

  it("drops expired and outdated pages when it stores, not only when the same URL comes again", async () => {
    let generation = 0;
    const cache = new PageCache(5000, () => generation);
    await cache.store("a", html(), 0);
    await cache.store("b", html(), 1000);
    await cache.store("c", html(), 5000);
    // "a" expired at 5000: gone although nobody asked for it again.
    expect(cache.size.entries).toBe(2);
    generation = 1;
    await cache.store("d", html(), 5001);
    expect(cache.size.entries).toBe(1);
  });
});

describe("page cache: pages without a nonce are kept compressed (decision 059)", () => {
  // Over the kilobyte under which nothing is compressed; repetitive like a page with its stylesheet.
  const text = `<!doctype html><html><head><style>${".a{color:red}".repeat(400)}</style></head><body>${"<p>Événement</p>".repeat(200)}</body></html>`;
  const page = (body = text) => new Response(body, { status: 200, headers: { "content-type": "text/html", vary: "Cookie, Accept-Language" } });

  it("stores brotli once and serves it to a client that takes brotli, with its length and Vary", async () => {
    const cache = new PageCache(5000, () => 0);
    const sent = await cache.store("k", page(), 0, "nonce-of-the-request", "gzip, deflate, br");
    expect(sent.headers.get("content-encoding")).toBe("br");
    for (const response of [sent, cache.get("k", 1, "another-nonce", "br")!]) {
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get("content-encoding")).toBe("br");
      expect(response.headers.get("content-length")).toBe(String(bytes.byteLength));
      expect(response.headers.get("vary")).toBe("Cookie, Accept-Language, Accept-Encoding");
      expect(brotliDecompressSync(bytes).toString("utf8")).toBe(text);
    }
    // Only the brotli bytes are counted (and kept): far less than the page.
    const stored = brotliCompressSync(Buffer.from(text), {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
    });
    const headerBytes = "content-type".length + "text/html".length + "vary".length + "Cookie, Accept-Language, Accept-Encoding".length;
    expect(cache.size).toEqual({ entries: 1, bytes: "k".length + stored.byteLength + headerBytes });
    expect(cache.size.bytes).toBeLessThan(Buffer.byteLength(text) / 5);
  });

  it("makes gzip and plain text on the first request that wants them, keeps and counts them", async () => {
    const cache = new PageCache(5000, () => 0);
    await cache.store("k", page(), 0, "", "br");
    const brotliOnly = cache.size.bytes;
    const gzipped = cache.get("k", 1, "", "gzip;q=1, br;q=0.5")!;
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    const gzipBytes = Buffer.from(await gzipped.arrayBuffer());
    expect(gunzipSync(gzipBytes).toString("utf8")).toBe(text);
    expect(gzipped.headers.get("content-length")).toBe(String(gzipBytes.byteLength));
    expect(cache.size.bytes).toBe(brotliOnly + gzipBytes.byteLength);
    for (const acceptEncoding of [null, "identity", "br;q=0, gzip;q=0"]) {
      const plain = cache.get("k", 1, "", acceptEncoding)!;
      expect(plain.headers.get("content-encoding"), String(acceptEncoding)).toBeNull();
      expect(plain.headers.get("content-length")).toBe(String(Buffer.byteLength(text)));
      expect(await plain.text()).toBe(text);
    }
    expect(cache.size.bytes).toBe(brotliOnly + gzipBytes.byteLength + Buffer.byteLength(text));
    // The same bytes again: nothing made twice.
    cache.get("k", 2, "", "gzip");
    expect(cache.size.bytes).toBe(brotliOnly + gzipBytes.byteLength + Buffer.byteLength(text));
  });

  it("keeps a page that names the request's nonce cut at it, plain, as before", async () => {
    const cache = new PageCache(5000, () => 0);
    const withNonce = text.replace("<head>", '<head><script nonce="first">a</script>');
    const sent = await cache.store("k", page(withNonce), 0, "first", "br");
    // Compressed per request by the middleware (compress-responses.ts), not here.
    expect(sent.headers.get("content-encoding")).toBeNull();
    expect(await sent.text()).toBe(withNonce);
    const hit = cache.get("k", 1, "second", "br")!;
    expect(hit.headers.get("content-encoding")).toBeNull();
    expect(await hit.text()).toBe(withNonce.replace('nonce="first"', 'nonce="second"'));
    expect(cache.size.bytes).toBeGreaterThan(Buffer.byteLength(withNonce));
  });

  it("drops older pages when a page grows by a new encoding over maxBytes, never the page asked for", async () => {
    const cache = new PageCache(5000, () => 0);
    await cache.store("a", page(), 0, "", "br");
    const one = cache.size.bytes;
    const limited = new PageCache(5000, () => 0, { maxBytes: 2 * one + 100 });
    await limited.store("a", page(), 0, "", "br");
    await limited.store("b", page(), 0, "", "br");
    expect(limited.size.entries).toBe(2);
    expect(await limited.get("b", 1, "", "gzip")?.arrayBuffer()).toBeDefined();
    expect(limited.get("a", 1, "", "br")).toBeNull();
    expect(limited.size.entries).toBe(1);
    expect(limited.size.bytes).toBeLessThanOrEqual(2 * one + 100);
  });

  it("does not keep a page whose data changed while it was compressed", async () => {
    let generation = 0;
    const cache = new PageCache(5000, () => generation);
    const stored = cache.store("k", page(), 0, "", "br");
    generation = 1;
    const sent = await stored;
    expect(sent.status).toBe(200);
    expect(cache.get("k", 1, "", "br")).toBeNull();
  });
});

describe("read cache across processes (decision 050)", () => {
  it("tells its listeners of a write here, and drops everything silently on word from elsewhere", async () => {
    const cache = new ReadCache(60_000);
    let told = 0;
    cache.onInvalidate(() => (told += 1));
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("k", load)).toBe(1);
    const version = cache.version;
    cache.invalidateFromElsewhere();
    expect(told).toBe(0);
    expect(cache.version).not.toBe(version);
    expect(await cache.get("k", load)).toBe(2);
    cache.invalidate();
    expect(told).toBe(1);
    expect(await cache.get("k", load)).toBe(3);
  });
});

describe("read cache kinds (decision 054)", () => {
  const counting = () => {
    let loads = 0;
    return { load: async () => ++loads };
  };

  it("keeps catalogue entries when only places changed, and drops both kinds on any other write", async () => {
    const cache = new ReadCache(60_000);
    const places = counting();
    const catalogue = counting();
    expect(await cache.get("places", places.load)).toBe(1);
    expect(await cache.get("form", catalogue.load, "catalogue")).toBe(1);

    cache.invalidate("availability");
    expect(await cache.get("places", places.load)).toBe(2);
    expect(await cache.get("form", catalogue.load, "catalogue")).toBe(1);

    cache.invalidate("everything");
    expect(await cache.get("places", places.load)).toBe(3);
    expect(await cache.get("form", catalogue.load, "catalogue")).toBe(2);
    // Without a scope, a write may have changed anything.
    cache.invalidate();
    expect(await cache.get("form", catalogue.load, "catalogue")).toBe(3);
  });

  it("keeps a catalogue value loaded across a booking, but not one loaded across a staff write", async () => {
    const cache = new ReadCache(60_000);
    let loads = 0;
    const acrossBooking = await cache.get(
      "form",
      async () => {
        await Promise.resolve();
        cache.invalidate("availability");
        return ++loads;
      },
      "catalogue",
    );
    expect(acrossBooking).toBe(1);
    expect(await cache.get("form", async () => ++loads, "catalogue")).toBe(1);

    cache.invalidate("everything");
    await cache.get(
      "form",
      async () => {
        await Promise.resolve();
        cache.invalidate("everything");
        return ++loads;
      },
      "catalogue",
    );
    expect(await cache.get("form", async () => ++loads, "catalogue")).toBe(3);
  });

  it("tells its listeners what a write changed, moves its version on both, and drops by the scope heard from elsewhere", async () => {
    const cache = new ReadCache(60_000);
    const told: string[] = [];
    cache.onInvalidate((scope) => told.push(scope));
    const version = cache.version;
    cache.invalidate("availability");
    cache.invalidate("everything");
    expect(told).toEqual(["availability", "everything"]);
    expect(cache.version).toBe(version + 2);

    const catalogue = counting();
    await cache.get("form", catalogue.load, "catalogue");
    cache.invalidateFromElsewhere("availability");
    expect(await cache.get("form", catalogue.load, "catalogue")).toBe(1);
    expect(cache.version).toBe(version + 3);
    cache.invalidateFromElsewhere();
    expect(await cache.get("form", catalogue.load, "catalogue")).toBe(2);
    expect(told).toHaveLength(2);
  });
});
