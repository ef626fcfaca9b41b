import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type * as LocaleList from "../../core/i18n/locale-list";
import { localeFromPath, locales, prefixedLocales } from "../../core/i18n/locales";
import { defaultAlternates } from "../../app/utils/alternates";
import { reservedPageSlugs } from "../../core/domain/page-slugs";
import routes from "../../app/routes";

/**
 * A third language is one entry in the locale list (decision 072): with `xx` added here, the route
 * config gives it every page under /xx, next to English (no prefix) and German (/de), and the
 * hreflang alternates name it. The shipped list is untouched: the entry exists only in this file.
 */
vi.mock("../../core/i18n/locale-list", async (importOriginal) => {
  const actual = await importOriginal<typeof LocaleList>();
  return { localeDefinitions: { ...actual.localeDefinitions, xx: { intlTag: "en-GB", nativeName: "Pseudo" } } };
});

type Entry = { id?: string; path?: string; index?: boolean; children?: Entry[] };
const routeObjects = (entries: readonly Entry[]): RouteObject[] =>
  entries.map((entry) => ({ id: entry.id, path: entry.path, ...(entry.children ? { children: routeObjects(entry.children) } : {}) }) as RouteObject);

/** The id of the page route a path renders (the deepest match). */
function pageAt(pathname: string): string | undefined {
  return matchRoutes(routeObjects(routes), pathname)?.at(-1)?.route.id;
}

describe("a third language added to the locale list", () => {
  it("is a prefixed language of the site", () => {
    expect(locales).toEqual(["en", "de", "xx"]);
    expect(prefixedLocales).toEqual(["de", "xx"]);
    expect(localeFromPath("/xx/events")).toBe("xx");
  });

  it("has every page under its prefix, beside English and German", () => {
    expect(pageAt("/events")).toBe("events");
    expect(pageAt("/de/events")).toBe("events");
    expect(pageAt("/xx/events")).toBe("events.xx");
    expect(pageAt("/xx")).toBe("home.xx");
    expect(pageAt("/xx/events/track-days/nuerburgring")).toBe("event-page.xx");
    expect(pageAt("/xx/booking/0b5b6f0e-9c1a-4d6e-8d55-7a2f8f0e4a11")).toBe("booking.xx");
    expect(pageAt("/xx/admin/site")).toBe("admin-site.xx");
    expect(pageAt("/xx/some-page")).toBe("content-page.xx");
    expect(pageAt("/xx/invoice/0b5b6f0e-9c1a-4d6e-8d55-7a2f8f0e4a11")).toBe("invoice-pdf.xx");
    expect(pageAt("/xx/admin/events/1/participants.csv")).toBe("admin-participants-csv.xx");
    // A page of the default language whose slug is another language's code still is that page's route set's.
    expect(pageAt("/de/xx")).toBe("content-page");
  });

  it("is a slug no content page may take", () => {
    expect(reservedPageSlugs.has("xx")).toBe(true);
    expect(reservedPageSlugs.has("de")).toBe(true);
  });

  it("has unique route ids", () => {
    const ids: string[] = [];
    const walk = (entries: readonly Entry[]) => entries.forEach((entry) => (entry.id && ids.push(entry.id), walk(entry.children ?? [])));
    walk(routes);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("is among the hreflang alternates of every page", () => {
    expect(defaultAlternates("/xx/events", "?page=2")).toEqual({ en: "/events?page=2", de: "/de/events?page=2", xx: "/xx/events?page=2" });
    expect(defaultAlternates("/de", "")).toEqual({ en: "/", de: "/de", xx: "/xx" });
  });
});
