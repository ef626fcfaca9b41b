import { describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";
import { forwardedView, normalizeAddress, parseTrustProxy, withUrl } from "../../server/http/forwarded-request";
import { accessTokenOf, clearedSessionCookies, isSecure, refreshTokenOf, sessionCookies } from "../../server/http/web-session";

const request = (headers: Record<string, string>, url = "http://127.0.0.1:3000/login?next=1") =>
  new Request(url, { headers: { Host: "127.0.0.1:3000", ...headers } });

describe("TRUST_PROXY", () => {
  it("is off by default and accepts true, a hop count, addresses and CIDR ranges", () => {
    expect(parseEnv({}).TRUST_PROXY).toEqual({ mode: "off" });
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toEqual({ mode: "off" });
    expect(parseEnv({ TRUST_PROXY: "0" }).TRUST_PROXY).toEqual({ mode: "off" });
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toEqual({ mode: "all" });
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toEqual({ mode: "hops", hops: 2 });
    expect(parseEnv({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::/8, 192.0.2.1" }).TRUST_PROXY.mode).toBe("addresses");
  });

  it("refuses what it cannot read, at boot", () => {
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
    expect(() => parseEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/prefix length/);
    expect(() => parseEnv({ TRUST_PROXY: "proxy.internal" })).toThrow(/TRUST_PROXY/);
  });
});

describe("the request as the visitor sent it", () => {
  const forwarded = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "events.example.test", "X-Forwarded-For": "198.51.100.1, 203.0.113.9" };

  it("from a trusted proxy: public scheme, host and path; the client is the rightmost untrusted hop", () => {
    expect(forwardedView(request(forwarded), "127.0.0.1", parseTrustProxy("loopback"))).toEqual({
      url: "https://events.example.test/login?next=1",
      clientAddress: "203.0.113.9",
    });
    // An IPv4 proxy on a dual-stack socket.
    expect(forwardedView(request(forwarded), "::ffff:127.0.0.1", parseTrustProxy("127.0.0.1")).clientAddress).toBe("203.0.113.9");
  });

  it("walks left over trusted hops, and stops at the first untrusted one", () => {
    const chain = request({ "X-Forwarded-For": "198.51.100.1, 203.0.113.9, 10.0.0.7" });
    expect(forwardedView(chain, "10.0.0.2", parseTrustProxy("10.0.0.0/8")).clientAddress).toBe("203.0.113.9");
    expect(forwardedView(chain, "10.0.0.2", parseTrustProxy("1")).clientAddress).toBe("10.0.0.7");
    expect(forwardedView(chain, "10.0.0.2", parseTrustProxy("2")).clientAddress).toBe("203.0.113.9");
    expect(forwardedView(chain, "10.0.0.2", parseTrustProxy("true")).clientAddress).toBe("198.51.100.1");
    // All hops trusted: the leftmost is as close to the client as we know.
    expect(forwardedView(request({ "X-Forwarded-For": "10.0.0.9" }), "10.0.0.2", parseTrustProxy("10.0.0.0/8")).clientAddress).toBe("10.0.0.9");
  });

  it("believes nothing from an untrusted peer, or with TRUST_PROXY off", () => {
    expect(forwardedView(request(forwarded), "192.0.2.50", parseTrustProxy("loopback"))).toEqual({
      url: "http://127.0.0.1:3000/login?next=1",
      clientAddress: "192.0.2.50",
    });
    expect(forwardedView(request(forwarded), "127.0.0.1", parseTrustProxy(undefined)).clientAddress).toBe("127.0.0.1");
    expect(forwardedView(request(forwarded), "127.0.0.1", parseTrustProxy("false")).url).toBe("http://127.0.0.1:3000/login?next=1");
  });

  it("takes https from PUBLIC_URL when no trusted proxy says otherwise", () => {
    expect(forwardedView(request({}), "127.0.0.1", parseTrustProxy(undefined), "https://events.example.test").url).toBe("https://127.0.0.1:3000/login?next=1");
    expect(forwardedView(request({ "X-Forwarded-Proto": "http" }), "127.0.0.1", parseTrustProxy("1"), "https://events.example.test").url).toMatch(/^http:/);
  });

  it("keeps the host the browser sent when the forwarded one is no host, and never lets the path change it", () => {
    const odd = request({ "X-Forwarded-Host": "evil.test/path", "X-Forwarded-Proto": "gopher" });
    expect(forwardedView(odd, "127.0.0.1", parseTrustProxy("true")).url).toBe("http://127.0.0.1:3000/login?next=1");
    const sneaky = new Request("http://127.0.0.1:3000//evil.test/x", { headers: { Host: "127.0.0.1:3000", "X-Forwarded-Host": "events.example.test" } });
    expect(forwardedView(sneaky, "127.0.0.1", parseTrustProxy("true")).url).toBe("http://events.example.test//evil.test/x");
  });

  it("keeps the host the browser sent when the forwarded one looks like a host but makes no URL", () => {
    for (const bad of ["a.test:99999", "[1]", "[:::]"]) {
      expect(forwardedView(request({ "X-Forwarded-Host": bad }), "127.0.0.1", parseTrustProxy("true")).url, bad).toBe("http://127.0.0.1:3000/login?next=1");
    }
  });

  it("normalizes addresses with ports and IPv4-mapped IPv6", () => {
    expect(normalizeAddress(" 203.0.113.9:5123 ")).toBe("203.0.113.9");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(normalizeAddress("x".repeat(500))).toHaveLength(64);
  });

  it("a rewritten request keeps its method, headers and body", async () => {
    const original = new Request("http://127.0.0.1:3000/login", { method: "POST", headers: { "Content-Type": "text/plain" }, body: "hello" });
    const moved = withUrl(original, "https://events.example.test/login");
    expect(moved.url).toBe("https://events.example.test/login");
    expect(moved.method).toBe("POST");
    expect(moved.headers.get("content-type")).toBe("text/plain");
    expect(await moved.text()).toBe("hello");
  });
});

describe("session cookies", () => {
  const tokens = { access_token: "a", refresh_token: "r", expires_in: 3600, refresh_expires_in: 1_209_600, token_type: "Bearer" as const };

  it("over https: Secure and __Host- prefixed, read only under that name", () => {
    const https = new Request("https://events.example.test/", { headers: { Cookie: "__Host-session=a2; __Host-session_refresh=r2; session=planted" } });
    expect(isSecure(https)).toBe(true);
    const cookies = sessionCookies(https, tokens);
    expect(cookies).toEqual([
      "__Host-session=a; Max-Age=3600; Path=/; HttpOnly; Secure; SameSite=Lax",
      "__Host-session_refresh=r; Max-Age=1209600; Path=/; HttpOnly; Secure; SameSite=Lax",
    ]);
    expect(accessTokenOf(https)).toBe("a2");
    expect(refreshTokenOf(https)).toBe("r2");
    expect(clearedSessionCookies(https).map((cookie) => cookie.split("=")[0])).toEqual([
      "__Host-session",
      "__Host-session_refresh",
      "booking_token",
      "form_position",
    ]);
    for (const cookie of clearedSessionCookies(https)) expect(cookie).toMatch(/; Secure; SameSite=Lax$/);
  });

  it("over plain http (127.0.0.1): bare names, not Secure", () => {
    const http = new Request("http://127.0.0.1:3000/", { headers: { Cookie: "session=a1; __Host-session=ignored" } });
    expect(sessionCookies(http, tokens)[0]).toBe("session=a; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax");
    expect(accessTokenOf(http)).toBe("a1");
  });
});
