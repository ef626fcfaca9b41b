import { describe, expect, it } from "vitest";
import { PageCache } from "../../server/http/page-cache";
import { ReadCache } from "../../server/services/cache";

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

describe("page cache", () => {
  const html = () => new Response("<p>hi</p>", { status: 200, headers: { "content-type": "text/html; charset=utf-8" } });

  it("keys anonymous GETs by URL and, for unprefixed paths, the visitor's language", () => {
    const cache = new PageCache(5000, () => 0);
    expect(cache.keyOf(new Request("http://h/events"))).toBe("h/events|en");
    expect(cache.keyOf(new Request("http://h/events", { headers: { "accept-language": "de" } }))).toBe("h/events|de");
    expect(cache.keyOf(new Request("http://h/de/events?x=1", { headers: { cookie: "i18n_redirected=en" } }))).toBe("h/de/events?x=1|");
    expect(cache.keyOf(new Request("http://h/events", { headers: { cookie: "session=abc" } }))).toBeNull();
    // A logged-out visitor keeps the login device cookie for a year: it does not change the page.
    expect(cache.keyOf(new Request("http://h/events", { headers: { cookie: "device=u:d.s; i18n_redirected=en" } }))).toBe("h/events|en");
    expect(cache.keyOf(new Request("https://h/events", { headers: { cookie: "__Host-device=u:d.s" } }))).toBe("h/events|en");
    expect(cache.keyOf(new Request("http://h/events", { method: "POST" }))).toBeNull();
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
});
