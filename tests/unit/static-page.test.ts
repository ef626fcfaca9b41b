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
    const replace = vi.fn();
    const fetch = vi.fn(() => Promise.resolve({ type: "opaqueredirect" }));
    const win = {
      fetch,
      document: {
        referrer,
        documentElement: { dataset: {} as Record<string, string> },
        querySelectorAll: () => [button],
        addEventListener: (type: string, listener: Listener) => (listeners[type] ??= []).push(listener),
      },
      history: { length: 2, back },
      location: { origin: "https://tickets.example", replace },
    };
    // The inlined source, as the page runs it: self-contained, no imports.
    new Function("window", enhanceStaticPageSource)(win);
    return { win, listeners, button, back, fetch, replace };
  }

  it("hides the no-script button, posts the dropdown's form on change, replaces the page by the other language's and marks the page", async () => {
    const { win, listeners, button, fetch, replace } = fakeWindow("");
    expect(button.hidden).toBe(true);
    expect(win.document.documentElement.dataset.enhanced).toBe("");
    // The form's fields, as FormData reads them from the form element (no DOM here).
    const fields = new Map([
      ["locale", "de"],
      ["redirect_en", "/terms"],
      ["redirect_de", "/de/agb"],
    ]);
    vi.stubGlobal(
      "FormData",
      class {
        get = (name: string) => fields.get(name) ?? null;
        forEach = (each: (value: string, name: string) => void) => fields.forEach(each);
      },
    );
    const requestSubmit = vi.fn();
    const form = { action: "https://tickets.example/locale", hasAttribute: (name: string) => name === "data-auto-submit", requestSubmit };
    listeners.change?.forEach((listener) => listener({ target: { form } }));
    await vi.waitFor(() => expect(replace).toHaveBeenCalledWith("/de/agb"));
    expect(fetch).toHaveBeenCalledOnce();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init).toMatchObject({ method: "POST", redirect: "manual" });
    expect(String(init.body)).toBe("locale=de&redirect_en=%2Fterms&redirect_de=%2Fde%2Fagb");
    expect(requestSubmit).not.toHaveBeenCalled();
    // A failed post falls back to the form's own submit.
    fetch.mockImplementationOnce(() => Promise.reject(new Error("offline")));
    listeners.change?.forEach((listener) => listener({ target: { form } }));
    await vi.waitFor(() => expect(requestSubmit).toHaveBeenCalledOnce());
    vi.unstubAllGlobals();
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
