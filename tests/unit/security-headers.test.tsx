import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub, useRouteError } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorPage } from "../../app/components/error-page";
import { i18nFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { parseEnv } from "../../server/env";
import { PageCache } from "../../server/http/page-cache";
import { contentSecurityPolicy, mustNotBeStored, newCspNonce, widgetFrameAncestorsOf } from "../../server/http/security-headers";

const html = (headers: Record<string, string> = {}, status = 200) =>
  new Response("<p>x</p>", { status, headers: { "content-type": "text/html; charset=utf-8", ...headers } });
const json = (headers: Record<string, string> = {}) => new Response("{}", { headers: { "content-type": "application/json", ...headers } });

describe("the no-store rule", () => {
  // Which pages are personal their routes declare (tests/api/route-facts.test.ts); this is what follows.
  it("marks a personal page, its data and its 413, whoever asks, and no public page", () => {
    for (const path of ["/dashboard", "/de/settings.data", "/booking/x", "/payment/success/abc.data"]) {
      expect(mustNotBeStored(new Request(`http://h${path}`), html(), { personalPage: true }), path).toBe(true);
      expect(mustNotBeStored(new Request(`http://h${path}`, { method: "POST" }), html({}, 413), { personalPage: true }), path).toBe(true);
    }
    expect(mustNotBeStored(new Request("http://h/events"), html(), { personalPage: false })).toBe(false);
  });

  it("marks pages that set a cookie or show a logged-in visitor, never assets", () => {
    expect(mustNotBeStored(new Request("http://h/events"), html())).toBe(false);
    expect(mustNotBeStored(new Request("http://h/events"), html({ "set-cookie": "a=b" }))).toBe(true);
    expect(mustNotBeStored(new Request("http://h/events", { headers: { cookie: "session=abc" } }), html())).toBe(true);
    expect(mustNotBeStored(new Request("http://h/events", { headers: { cookie: "i18n_redirected=de; booking_token=x" } }), html())).toBe(false);
    const asset = new Response("", { headers: { "content-type": "text/javascript" } });
    expect(mustNotBeStored(new Request("http://h/assets/a.js", { headers: { cookie: "session=abc" } }), asset)).toBe(false);
  });

  it("treats a page's data (in-app navigation fetches <page>.data) like the page itself", () => {
    const data = () => new Response("", { headers: { "content-type": "text/x-script" } });
    for (const path of ["/dashboard.data", "/de/settings.data", "/booking-success.data", "/sma-success.data", "/payment/success/abc.data"]) {
      expect(mustNotBeStored(new Request(`http://h${path}`), data(), { personalPage: true }), path).toBe(true);
    }
    expect(mustNotBeStored(new Request("http://h/events.data"), data())).toBe(false);
    expect(mustNotBeStored(new Request("http://h/_root.data"), data())).toBe(false);
    expect(mustNotBeStored(new Request("http://h/_root.data", { headers: { cookie: "session=abc" } }), data())).toBe(true);
    expect(mustNotBeStored(new Request("https://h/events.data", { headers: { cookie: "__Host-session_refresh=abc" } }), data())).toBe(true);
  });

  it("marks every API answer but a public read (as its route declares) asked anonymously", () => {
    expect(mustNotBeStored(new Request("http://h/api/public-events"), json(), { publicRead: true })).toBe(false);
    expect(mustNotBeStored(new Request("http://h/api/form/public/x?preview=1", { headers: { authorization: "Bearer t" } }), json(), { publicRead: true })).toBe(
      true,
    );
    expect(mustNotBeStored(new Request("http://h/api/form/public/x", { method: "POST" }), json(), { publicRead: true })).toBe(true);
    expect(mustNotBeStored(new Request("http://h/api/public-events"), json({ "set-cookie": "a=b" }), { publicRead: true })).toBe(true);
    for (const path of ["/api/auth/user", "/api/public-events", "/api/booking/public/x", "/api/booking/payment/create/x/en"]) {
      expect(mustNotBeStored(new Request(`http://h${path}`), json()), path).toBe(true);
    }
  });
});

describe("the Content-Security-Policy", () => {
  it("allows scripts by nonce only and framing by the site itself", () => {
    const policy = contentSecurityPolicy("abc123==", "'self'");
    expect(policy).toContain("script-src 'self' 'nonce-abc123=='");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("img-src 'self' data:");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("names no nonce when there is none (API answers), and draws every page's nonce fresh: 128 bits, none repeated", () => {
    expect(contentSecurityPolicy("", "'self'")).toContain("script-src 'self'; ");
    expect(contentSecurityPolicy("", "'self'")).not.toContain("nonce-");
    const nonces = Array.from({ length: 600 }, () => newCspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("lets the widget be framed by anyone, or by the listed partners and the site", () => {
    expect(widgetFrameAncestorsOf("*")).toBe("*");
    expect(widgetFrameAncestorsOf("")).toBe("*");
    expect(widgetFrameAncestorsOf("https://a.example  https://*.b.example")).toBe("'self' https://a.example https://*.b.example");
  });

  it("takes WIDGET_FRAME_ANCESTORS and UPLOAD_IDLE_TIMEOUT_SECONDS from the environment, refusing anything that could break the header", () => {
    const defaults = parseEnv({});
    expect(defaults.WIDGET_FRAME_ANCESTORS).toBe("*");
    expect(defaults.UPLOAD_IDLE_TIMEOUT_SECONDS).toBe(30);
    expect(parseEnv({ WIDGET_FRAME_ANCESTORS: "https://golf.example http://127.0.0.1:8080" }).WIDGET_FRAME_ANCESTORS).toBe(
      "https://golf.example http://127.0.0.1:8080",
    );
    for (const bad of ["https://a.example; script-src *", "'unsafe-inline'", "golf.example/path"]) {
      expect(() => parseEnv({ WIDGET_FRAME_ANCESTORS: bad }), bad).toThrow(/WIDGET_FRAME_ANCESTORS/);
    }
  });
});

describe("the page micro-cache and the nonce", () => {
  it("serves a stored page with the nonce of the request it answers", async () => {
    const cache = new PageCache(5000, () => 0);
    const page = () => new Response('<script nonce="first">a</script><script nonce="first">b</script>', { headers: { "content-type": "text/html" } });
    const sent = await cache.store("k", page(), 0, "first");
    expect(await sent.text()).toContain('nonce="first"');
    expect(await cache.get("k", 1, "second")?.text()).toBe('<script nonce="second">a</script><script nonce="second">b</script>');
  });

  it("never stores a personal page, even for a visitor without cookies", () => {
    const cache = new PageCache(5000, () => 0);
    // Which pages are personal their routes declare (tests/api/route-facts.test.ts).
    expect(cache.keyOf(new Request("http://h/pay/token"), { personal: true })).toBeNull();
    expect(cache.keyOf(new Request("http://h/de/payment/success/token"), { personal: true })).toBeNull();
    expect(cache.keyOf(new Request("http://h/events"), { personal: false })).not.toBeNull();
  });
});

describe("ErrorPage for a limit", () => {
  function renderLimit(status: number, message: string, locale: Locale) {
    function Boundary() {
      return <ErrorPage error={useRouteError()} />;
    }
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => null,
        ErrorBoundary: () => (
          <I18nextProvider i18n={i18nFor(locale)}>
            <Boundary />
          </I18nextProvider>
        ),
      },
    ]);
    const errors = { 0: { status, statusText: "", internal: false, data: { message } } };
    return renderToString(<Stub initialEntries={["/"]} hydrationData={{ errors }} />);
  }

  it("shows the limit's own message (too many drafts) in the page's language", () => {
    const english = renderLimit(429, "You have started many bookings.", "en");
    expect(english).toContain("Please wait a little");
    expect(english).toContain("You have started many bookings.");
    const german = renderLimit(429, "Über diese Verbindung wurden viele Buchungen begonnen.", "de");
    expect(german).toContain("Bitte warten Sie etwas");
    expect(german).toContain("Über diese Verbindung wurden viele Buchungen begonnen.");
  });
});

describe("the booking pages' error headers", () => {
  it("send the limit's Retry-After with the 429 page, and keep the root's headers", async () => {
    // The booking route throws `data({ message }, { status: 429, headers: { "Retry-After" } })`; the
    // layout's error boundary renders it, so the layout must pass the header on (React Router keeps
    // only cookies of a boundary's error headers by itself).
    const { headers } = await import("../../app/layouts/booking-layout");
    const parentHeaders = new Headers({ "Content-Language": "de", Vary: "Cookie, Accept-Language" });
    const errorHeaders = new Headers({ "Retry-After": "3600" });
    const sent = new Headers(headers({ parentHeaders, errorHeaders, loaderHeaders: new Headers(), actionHeaders: new Headers() }));
    expect(sent.get("retry-after")).toBe("3600");
    expect(sent.get("content-language")).toBe("de");
    expect(sent.get("vary")).toBe("Cookie, Accept-Language");
    const withoutError = new Headers(headers({ parentHeaders, errorHeaders: undefined, loaderHeaders: new Headers(), actionHeaders: new Headers() }));
    expect(withoutError.get("retry-after")).toBeNull();
    expect(withoutError.get("content-language")).toBe("de");
  });
});
