import { useMatches } from "react-router";

/**
 * Pages served without hydration (decision 056): the public browsing pages need no client-side app,
 * and React + React Router alone (≈ 107 KB gzip) are over issue 15's 110 KB for `/events`. Such a
 * route says so in its `handle`; root.tsx then leaves out `<Scripts/>` (the modulepreloads, the
 * hydration data and the entry module) and `<ScrollRestoration/>`, and inlines
 * `enhanceStaticPageSource` instead. Links, GET links and posted forms work as plain HTML.
 *
 * `hydrate` is `false`, or a function of the route's loader data for a route that needs the app on
 * some of its pages only (an event page with the opening-notice form).
 */
export type HydrationHandle = { hydrate?: boolean | ((loaderData: unknown) => boolean) };

export const withoutHydration = { hydrate: false } satisfies HydrationHandle;

/** A handle whose pages hydrate only when `decide` says so for the route's loader data. */
export function hydrateWhen<Data>(decide: (loaderData: Data) => boolean): HydrationHandle {
  // The router hands every handle the loader data untyped; the route that wrote `decide` knows its type.
  return { hydrate: (loaderData) => loaderData !== undefined && decide(loaderData as Data) };
}

/** Whether the page's deepest route renders without hydration (see above). */
export function isStaticMatch(match: { handle?: unknown; loaderData?: unknown } | undefined): boolean {
  const handle = match?.handle as HydrationHandle | undefined;
  const hydrate = handle?.hydrate;
  if (hydrate === undefined || hydrate === true) return false;
  return hydrate === false ? true : !hydrate(match?.loaderData);
}

/** The part of React Router's EntryContext that tells the page's deepest route and its data. */
type RenderedRoutes = {
  staticHandlerContext: { matches: { route: { id: string } }[]; loaderData: Record<string, unknown> };
  routeModules: Record<string, { handle?: unknown } | undefined>;
};

/**
 * Whether the page about to be rendered is one without hydration: what `useStaticPage` will say in
 * root.tsx, decided from the same route and loader data before React starts (app/entry.server.tsx
 * then gives the page no CSP nonce, decision 059).
 */
export function isStaticRender(context: RenderedRoutes): boolean {
  const deepest = context.staticHandlerContext.matches.at(-1);
  if (!deepest) return false;
  const { id } = deepest.route;
  return isStaticMatch({ handle: context.routeModules[id]?.handle, loaderData: context.staticHandlerContext.loaderData[id] });
}

/**
 * True while the server renders a page without hydration. In the browser always false: code runs
 * there only on hydrated pages, and a client-side navigation from one of them into a "static" route
 * renders it with the app (and keeps `<ScrollRestoration/>` mounted).
 */
export function useStaticPage(): boolean {
  const matches = useMatches();
  return import.meta.env.SSR && isStaticMatch(matches.at(-1));
}

type EnhanceDocument = Pick<Document, "addEventListener" | "querySelectorAll" | "referrer"> & { documentElement: HTMLElement };
type EnhanceWindow = {
  document: EnhanceDocument;
  history: Pick<History, "back" | "length">;
  location: Pick<Location, "origin" | "replace">;
  fetch: (input: string, init: RequestInit) => Promise<Pick<Response, "type">>;
};

/**
 * The little a static page does with script (inlined, so it must stay self-contained, no imports):
 * - the footer's language dropdown switches on choosing, as on hydrated pages, and its no-script
 *   "Change" button goes (`data-auto-submit`, `data-no-script`): the form is posted in the background
 *   (the answer sets the language cookie) and the page in the other language replaces this one in
 *   the history, so that Back goes where it went before (issue 32); should the post fail, the form
 *   is submitted as without script;
 * - the header's Back goes one step back when the visitor came from a page of this site, else it
 *   stays the link to the event list (`data-history-back`, spec §2).
 * Without it everything still works: the button switches the language, Back opens the event list.
 */
export function enhanceStaticPage(win: EnhanceWindow): void {
  const { document } = win;
  document.querySelectorAll<HTMLElement>("[data-no-script]").forEach((element) => {
    element.hidden = true;
  });
  document.addEventListener("change", (event) => {
    const form = (event.target as HTMLSelectElement | null)?.form;
    if (!form?.hasAttribute("data-auto-submit")) return;
    const fields = new FormData(form);
    const destination = fields.get(`redirect_${String(fields.get("locale"))}`);
    const body = new URLSearchParams();
    fields.forEach((value, name) => body.append(name, String(value)));
    win
      .fetch(form.action, { method: "POST", body, credentials: "same-origin", redirect: "manual" })
      .then((answer) => {
        // The action answers with a redirect (unread here); anything else is left to the form's own post.
        if (answer.type !== "opaqueredirect") return form.requestSubmit();
        win.location.replace(typeof destination === "string" && /^\/(?!\/)/.test(destination) ? destination : "/");
      })
      .catch(() => form.requestSubmit());
  });
  let fromThisSite = false;
  try {
    fromThisSite = new URL(document.referrer).origin === win.location.origin;
  } catch {
    // No referrer (opened directly, or a policy that leaves it out): Back stays the link.
  }
  if (fromThisSite && win.history.length > 1)
    document.addEventListener("click", (event) => {
      const link = (event.target as Element | null)?.closest?.("[data-history-back]");
      const click = event as MouseEvent;
      // A new tab or window (a modifier, the middle button) still opens the link.
      if (!link || click.defaultPrevented || click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return;
      event.preventDefault();
      win.history.back();
    });
  // What tests wait for (tests/e2e/support.ts `hydrated`): the page's controls answer from here on.
  document.documentElement.dataset.enhanced = "";
}

export const enhanceStaticPageSource = `(${enhanceStaticPage.toString()})(window);`;
