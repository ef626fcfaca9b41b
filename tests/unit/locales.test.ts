import { describe, expect, it } from "vitest";
import {
  decidePageLocale,
  localeFromAcceptLanguage,
  localeFromPath,
  localizePath,
  preferredLocale,
  readCookie,
  stripLocalePrefix,
} from "../../core/i18n/locales";

describe("locale from the path", () => {
  it("reads the /de prefix and nothing else", () => {
    expect(localeFromPath("/de")).toBe("de");
    expect(localeFromPath("/de/events")).toBe("de");
    expect(localeFromPath("/events")).toBeNull();
    expect(localeFromPath("/en/events")).toBeNull();
    expect(localeFromPath("/desk")).toBeNull();
  });

  it("swaps prefixes both ways", () => {
    expect(localizePath("/events", "de")).toBe("/de/events");
    expect(localizePath("/", "de")).toBe("/de");
    expect(localizePath("/de/events", "en")).toBe("/events");
    expect(localizePath("/de", "en")).toBe("/");
    expect(stripLocalePrefix("/de/terms")).toBe("/terms");
  });
});

describe("preferred locale", () => {
  it("ranks Accept-Language by quality and primary subtag", () => {
    expect(localeFromAcceptLanguage("de-AT,de;q=0.9,en;q=0.8")).toBe("de");
    expect(localeFromAcceptLanguage("fr-FR,fr;q=0.9,de;q=0.5,en;q=0.6")).toBe("en");
    expect(localeFromAcceptLanguage("en;q=0.1, de;q=0.9")).toBe("de");
    expect(localeFromAcceptLanguage("fr, es")).toBeNull();
    expect(localeFromAcceptLanguage("de;q=0")).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });

  it("takes the cookie before the browser language, English last", () => {
    expect(preferredLocale({ cookieHeader: "a=1; i18n_redirected=en", acceptLanguage: "de" })).toBe("en");
    expect(preferredLocale({ cookieHeader: "i18n_redirected=xx", acceptLanguage: "de" })).toBe("de");
    expect(preferredLocale({ cookieHeader: null, acceptLanguage: "fr" })).toBe("en");
    expect(readCookie("x=%E2%82%AC; y=2", "x")).toBe("€");
  });

  it("redirects an unprefixed page to the preferred language, keeping the query", () => {
    expect(decidePageLocale(new URL("http://h/events?category=1"), { acceptLanguage: "de-DE" })).toEqual({ locale: "en", redirectTo: "/de/events?category=1" });
    expect(decidePageLocale(new URL("http://h/"), { cookie: "i18n_redirected=de" })).toEqual({ locale: "en", redirectTo: "/de" });
    expect(decidePageLocale(new URL("http://h/events"), { cookie: "i18n_redirected=en", acceptLanguage: "de" })).toEqual({ locale: "en", redirectTo: null });
    expect(decidePageLocale(new URL("http://h/de/events"), { cookie: "i18n_redirected=en" })).toEqual({ locale: "de", redirectTo: null });
  });
});
