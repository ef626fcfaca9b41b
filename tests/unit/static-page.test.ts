import { describe, expect, it, vi } from "vitest";
import { enhanceStaticPageSource, hydrateWhen, isStaticMatch, withoutHydration } from "../../app/utils/static-page";

describe("pages without hydration (decision 056)", () => {
  it("a route is static when its handle says hydrate: false, or its decision says no for the loader data", () => {
    expect(isStaticMatch(undefined)).toBe(false);
    expect(isStaticMatch({ handle: undefined })).toBe(false);
    expect(isStaticMatch({ handle: { other: 1 } })).toBe(false);
    expect(isStaticMatch({ handle: { hydrate: true } })).toBe(false);
    expect(isStaticMatch({ handle: withoutHydration })).toBe(true);
    const withForm = hydrateWhen<{ state: string }>((data) => data.state === "not_bookable_yet");
    expect(isStaticMatch({ handle: withForm, loaderData: { state: "bookable" } })).toBe(true);
    expect(isStaticMatch({ handle: withForm, loaderData: { state: "not_bookable_yet" } })).toBe(false);
    // An error page of such a route (no loader data) is static too.
    expect(isStaticMatch({ handle: withForm, loaderData: undefined })).toBe(true);
  });

  type Listener = (event: Record<string, unknown>) => void;
  function fakeWindow(referrer: string) {
    const listeners: Record<string, Listener[]> = {};
    const button = { hidden: false };
    const back = vi.fn();
    const win = {
      document: {
        referrer,
        documentElement: { dataset: {} as Record<string, string> },
        querySelectorAll: () => [button],
        addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
      },
      history: { length: 2, back },
      location: { origin: "https://tickets.example" },
    };
    // The inlined source, as the page runs it: self-contained, no imports.
    new Function("window", enhanceStaticPageSource)(win);
    return { win, listeners, button, back };
  }

  it("hides the no-script button, submits the dropdown's form on change and marks the page", () => {
    const { win, listeners, button } = fakeWindow("");
    expect(button.hidden).toBe(true);
    expect(win.document.documentElement.dataset.enhanced).toBe("");
    const requestSubmit = vi.fn();
    listeners.change?.forEach((listener) => listener({ target: { form: { hasAttribute: (name: string) => name === "data-auto-submit", requestSubmit } } }));
    expect(requestSubmit).toHaveBeenCalledOnce();
  });

  it("Back goes back in history only when the visitor came from this site, and never for a new tab", () => {
    expect(fakeWindow("https://elsewhere.example/").listeners.click).toBeUndefined();
    expect(fakeWindow("").listeners.click).toBeUndefined();
    const { listeners, back } = fakeWindow("https://tickets.example/events/golf");
    const preventDefault = vi.fn();
    const link = { closest: (selector: string) => (selector === "[data-history-back]" ? {} : null) };
    listeners.click?.forEach((listener) => listener({ target: link, button: 0, ctrlKey: true, preventDefault }));
    expect(back).not.toHaveBeenCalled();
    listeners.click?.forEach((listener) => listener({ target: { closest: () => null }, button: 0, preventDefault }));
    expect(back).not.toHaveBeenCalled();
    listeners.click?.forEach((listener) => listener({ target: link, button: 0, preventDefault }));
    expect(back).toHaveBeenCalledOnce();
    expect(preventDefault).toHaveBeenCalledOnce();
  });
});
