import { describe, expect, it, vi } from "vitest";
import { backButtonBehaviour, hasInSiteHistory } from "../../app/components/header";
import { menuItemClass } from "../../app/components/footer";
import { clampPercent } from "../../app/components/progress-bar";
import { parseRedirectTarget } from "../../app/utils/redirect-target";
import { installChunkReload } from "../../app/utils/chunk-reload";
import { composeTitle } from "../../app/utils/meta";
import { defaultAlternates } from "../../app/utils/alternates";

describe("header back button", () => {
  it("is hidden on /events and the home page, leads to /events from the dashboard, goes back elsewhere", () => {
    expect(backButtonBehaviour("/events")).toBe("hidden");
    expect(backButtonBehaviour("/de/events/")).toBe("hidden");
    expect(backButtonBehaviour("/dashboard")).toBe("to-events");
    expect(backButtonBehaviour("/de/dashboard")).toBe("to-events");
    expect(backButtonBehaviour("/events/golf-circle")).toBe("history");
    expect(backButtonBehaviour("/")).toBe("hidden");
    expect(backButtonBehaviour("/de")).toBe("hidden");
  });

  it("goes back only when a page of the site lies behind (React Router's history index)", () => {
    expect(hasInSiteHistory(null)).toBe(false);
    expect(hasInSiteHistory({ idx: 0, key: "default" })).toBe(false);
    expect(hasInSiteHistory({ idx: 2, key: "abc" })).toBe(true);
    expect(hasInSiteHistory({ idx: "1" })).toBe(false);
  });
});

describe("footer menu", () => {
  it("hides pages on small screens unless show_on_mobile", () => {
    const page = { slug: "terms", translations: [{ locale: "de" as const, name: "AGB", slug: "agb" }] };
    expect(menuItemClass({ ...page, show_on_mobile: true })).toBe("block");
    expect(menuItemClass({ ...page, show_on_mobile: false })).toBe("hidden md:block");
  });

  it("always shows the imprint, phones included (German law)", () => {
    const imprint = { slug: "impressum", translations: [{ locale: "en" as const, name: "Imprint", slug: "imprint" }] };
    expect(menuItemClass({ ...imprint, show_on_mobile: false })).toBe("block");
  });
});

describe("progress bar", () => {
  it("takes 0 to 100", () => {
    expect(clampPercent(15)).toBe(15);
    expect(clampPercent(-3)).toBe(0);
    expect(clampPercent(140)).toBe(100);
    expect(clampPercent(33.4)).toBe(33);
    expect(clampPercent(Number.NaN)).toBe(0);
  });
});

describe("page titles", () => {
  it("compose '{page title} {separator} {suffix}' per locale", () => {
    expect(composeTitle("en", "All events")).toBe("All events | Trackside & Fairway Events");
    expect(composeTitle("de", "Alle Veranstaltungen")).toBe("Alle Veranstaltungen | Trackside & Fairway Events");
  });
});

describe("alternates", () => {
  it("swap the prefix and keep the query", () => {
    expect(defaultAlternates("/de/events", "?x=1")).toEqual({ en: "/events?x=1", de: "/de/events?x=1" });
  });
});

describe("redirect target", () => {
  it("accepts only absolute http(s) addresses", () => {
    expect(parseRedirectTarget(undefined)).toEqual({ kind: "none" });
    expect(parseRedirectTarget("  ")).toEqual({ kind: "none" });
    expect(parseRedirectTarget("javascript:alert(1)")).toEqual({ kind: "invalid" });
    expect(parseRedirectTarget("/events")).toEqual({ kind: "invalid" });
    expect(parseRedirectTarget("https://example.com/a?b=1")).toEqual({ kind: "external", url: "https://example.com/a?b=1", host: "example.com" });
  });
});

describe("chunk reload", () => {
  function fakeWindow() {
    const listeners = new Map<string, (event: unknown) => void>();
    const storage = new Map<string, string>();
    const win = {
      addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
      localStorage: { getItem: (key: string) => storage.get(key) ?? null, setItem: (key: string, value: string) => storage.set(key, value) },
      location: { reload: vi.fn() },
    };
    return { win, listeners };
  }

  it("reloads once on a failed script, then not again within 60 s", () => {
    vi.useFakeTimers({ now: 1_000_000 });
    const { win, listeners } = fakeWindow();
    installChunkReload(win as unknown as Parameters<typeof installChunkReload>[0], 60_000, "k");
    const failedScript = { target: { tagName: "SCRIPT" } };
    listeners.get("error")?.(failedScript);
    listeners.get("error")?.(failedScript);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    vi.setSystemTime(1_000_000 + 60_000);
    listeners.get("error")?.({ target: { tagName: "LINK", rel: "stylesheet" } });
    expect(win.location.reload).toHaveBeenCalledTimes(2);
    listeners.get("error")?.({ target: { tagName: "IMG" } });
    expect(win.location.reload).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it("reloads on Vite's preload error and failed dynamic imports", () => {
    const { win, listeners } = fakeWindow();
    installChunkReload(win as unknown as Parameters<typeof installChunkReload>[0], 60_000, "k");
    listeners.get("unhandledrejection")?.({ reason: new Error("Failed to fetch dynamically imported module: /assets/x.js") });
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    const preventDefault = vi.fn();
    listeners.get("vite:preloadError")?.({ preventDefault });
    expect(preventDefault).toHaveBeenCalled();
  });
});

describe("local redirect targets", () => {
  it("are paths of this site only", async () => {
    const { isLocalPath } = await import("../../core/domain/local-path");
    expect(isLocalPath("/de/events?x=1")).toBe(true);
    expect(isLocalPath("/")).toBe(true);
    for (const bad of [
      "//evil.com",
      "/\\evil.com",
      "/\t/evil.com",
      "/%09/evil.com".replace("%09", "\t"),
      "https://evil.com",
      "evil.com",
      "/\n/evil.com",
      " /x",
      null,
    ]) {
      expect(isLocalPath(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
