import { createServer as createViteServer, type ViteDevServer } from "vite";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoAccounts } from "../../server/db/seed";
import type { DatabaseHandle } from "../../server/db/client";
import { parseTrustProxy } from "../../server/http/forwarded-request";
import { createApp } from "../../server/http/create-app";
import { createServices, type Services } from "../../server/services";
import { unusedUploadsDir } from "../support/api-client";
import { createTestDatabase } from "../support/test-database";

/**
 * The site behind a TLS-terminating reverse proxy (issue 10): the whole app (API and React Router
 * pages, loaded through Vite so no build is needed) called in process, with the socket's peer address
 * given the way @hono/node-server gives it. The proxy is 127.0.0.1; the public site is
 * https://events.example.test.
 */
let database: DatabaseHandle;
let services: Services;
let vite: ViteDevServer;
let build: ServerBuild;
const proxyPeer = "127.0.0.1";
const publicHost = "events.example.test";
const seenAddresses: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  services = createServices(database.db, {
    cacheTtlMs: 0,
    jwtSecret: "test-secret-of-at-least-thirty-two-characters",
    publicOrigin: "http://site.test",
    uploadsDir: unusedUploadsDir,
  });
  // Every login, page or API, reports the address its rate limit keys on.
  const login = services.accounts.login.bind(services.accounts);
  services.accounts.login = async (input) => {
    seenAddresses.push(input.clientAddress);
    return login(input);
  };
  vite = await createViteServer({ root: process.cwd(), logLevel: "error", server: { middlewareMode: true, hmr: false }, appType: "custom" });
  build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
}, 120_000);

afterAll(async () => {
  await vite.close();
  await database.close();
});

function appWith(trustProxy: string | undefined, publicOrigin?: string, hstsIncludeSubdomains?: boolean) {
  return createApp({
    services,
    build,
    mode: "test",
    publicOrigin,
    hstsIncludeSubdomains,
    pageCacheSeconds: 0,
    trustProxy: parseTrustProxy(trustProxy),
    logError: (error) => {
      throw error;
    },
  });
}

/** What @hono/node-server hands the app as `env`: the socket the request came in on. */
const socketOf = (address: string) => ({ incoming: { socket: { remoteAddress: address, remotePort: 50_000, remoteFamily: "IPv4" } } });

function loginPost(extraHeaders: Record<string, string>, password = demoAccounts.customer.password) {
  return new Request("http://127.0.0.1:3000/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...extraHeaders },
    body: new URLSearchParams({ email: demoAccounts.customer.email, password, redirectTo: "" }).toString(),
  });
}

const forwardedHttps = {
  Host: "127.0.0.1:3000",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Host": publicHost,
  Origin: `https://${publicHost}`,
};

describe("behind a reverse proxy with TRUST_PROXY", () => {
  it("a page action posted through the https proxy works: 302 with Secure __Host- session cookies and HSTS", async () => {
    const response = await appWith("loopback").fetch(loginPost({ ...forwardedHttps, "X-Forwarded-For": "203.0.113.7" }), socketOf(proxyPeer));
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["__Host-session", "__Host-session_refresh", "__Host-device"]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    // Only the site's own host by default: its subdomains may be somebody else's plain-http sites.
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("HSTS_INCLUDE_SUBDOMAINS: HSTS covers the subdomains too", async () => {
    const response = await appWith("loopback", undefined, true).fetch(new Request("http://127.0.0.1:3000/", { headers: forwardedHttps }), socketOf(proxyPeer));
    expect(response.status).toBe(200);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("the session cookies come back under their __Host- names: the next page knows the user", async () => {
    const app = appWith("loopback");
    const login = await app.fetch(loginPost(forwardedHttps), socketOf(proxyPeer));
    const cookieHeader = login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0])
      .join("; ");
    const settings = await app.fetch(
      new Request("http://127.0.0.1:3000/settings", { headers: { ...forwardedHttps, Cookie: cookieHeader } }),
      socketOf(proxyPeer),
    );
    expect(settings.status).toBe(200);
    // Unprefixed names are not read over https: a sibling subdomain could have planted them.
    const planted = cookieHeader.replaceAll("__Host-", "");
    const refused = await app.fetch(new Request("http://127.0.0.1:3000/settings", { headers: { ...forwardedHttps, Cookie: planted } }), socketOf(proxyPeer));
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toMatch(/^\/login/);
  });

  it("the locale cookie is Secure over https", async () => {
    const response = await appWith("loopback").fetch(
      new Request("http://127.0.0.1:3000/locale", {
        method: "POST",
        headers: { ...forwardedHttps, "Content-Type": "application/x-www-form-urlencoded" },
        body: "locale=de&redirect_de=%2Fde",
      }),
      socketOf(proxyPeer),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toMatch(/^i18n_redirected=de;.*; Secure; SameSite=Lax$/);
  });

  it("the booking cookies are Secure over https", async () => {
    const response = await appWith("loopback").fetch(
      new Request("http://127.0.0.1:3000/booking/8e89f816-042d-4100-b96c-5b088371f82b?page=1", { headers: forwardedHttps }),
      socketOf(proxyPeer),
    );
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split("=")[0]).sort()).toEqual(["booking_token", "form_position"]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure; SameSite=Lax$/);
  });

  it("rate limits key on the rightmost untrusted X-Forwarded-For hop, on pages and in the API", async () => {
    seenAddresses.length = 0;
    const app = appWith("127.0.0.1, 10.0.0.0/8");
    // The client claims 198.51.100.1; the proxy appended the address it saw (203.0.113.9), then an inner proxy's.
    const chain = { "X-Forwarded-For": "198.51.100.1, 203.0.113.9, 10.1.2.3" };
    await app.fetch(loginPost({ ...forwardedHttps, ...chain }), socketOf(proxyPeer));
    await app.fetch(
      new Request("http://127.0.0.1:3000/api/auth/public/login", {
        method: "POST",
        headers: { "Content-Type": "application/json", ...chain },
        body: JSON.stringify({ email: demoAccounts.customer.email, password: demoAccounts.customer.password }),
      }),
      socketOf(proxyPeer),
    );
    expect(seenAddresses).toEqual(["203.0.113.9", "203.0.113.9"]);
  });

  it("a request that does not come from a trusted proxy keeps its socket's address and scheme", async () => {
    seenAddresses.length = 0;
    const response = await appWith("loopback").fetch(loginPost({ ...forwardedHttps, "X-Forwarded-For": "203.0.113.7" }), socketOf("192.0.2.50"));
    // Its forwarded https is not believed: the Origin does not match the request, and no HSTS.
    expect(response.status).toBe(400);
    expect(response.headers.get("strict-transport-security")).toBeNull();
    expect(seenAddresses).toEqual([]);
  });
});

describe("without TRUST_PROXY (the default)", () => {
  it("forwarded headers are ignored: a spoofed X-Forwarded-For does not change the rate-limit key", async () => {
    seenAddresses.length = 0;
    const app = appWith(undefined);
    for (const spoofed of ["198.51.100.1", "198.51.100.2"]) {
      await app.fetch(loginPost({ Origin: "http://127.0.0.1:3000", Host: "127.0.0.1:3000", "X-Forwarded-For": spoofed }), socketOf("192.0.2.50"));
      await app.fetch(
        new Request("http://127.0.0.1:3000/api/auth/public/login", {
          method: "POST",
          headers: { "Content-Type": "application/json", "X-Forwarded-For": spoofed },
          body: JSON.stringify({ email: demoAccounts.customer.email, password: "Wrong-password-123" }),
        }),
        socketOf("192.0.2.50"),
      );
    }
    expect(seenAddresses).toEqual(["192.0.2.50", "192.0.2.50", "192.0.2.50", "192.0.2.50"]);
  });

  it("a forwarded https is not believed: no Secure cookies, no HSTS, plain names on 127.0.0.1", async () => {
    const response = await appWith(undefined).fetch(
      loginPost({ Origin: "http://127.0.0.1:3000", Host: "127.0.0.1:3000", "X-Forwarded-Proto": "https" }),
      socketOf(proxyPeer),
    );
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["session", "session_refresh", "device"]);
    for (const cookie of cookies) expect(cookie).not.toMatch(/Secure/);
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("PUBLIC_URL https: the site is served over https, so cookies are Secure and answers carry HSTS", async () => {
    const response = await appWith(undefined, `https://${publicHost}`).fetch(
      loginPost({ Origin: `https://${publicHost}`, Host: publicHost }),
      socketOf(proxyPeer),
    );
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie();
    expect(cookies.map((cookie) => cookie.split("=")[0])).toEqual(["__Host-session", "__Host-session_refresh", "__Host-device"]);
    for (const cookie of cookies) expect(cookie).toMatch(/; Secure; SameSite=Lax$/);
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
