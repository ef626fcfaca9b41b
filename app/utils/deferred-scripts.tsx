import { Scripts, useMatches } from "react-router";
import { earlyInteractionKey, interactionEvents } from "./on-first-interaction";

/**
 * The app's JavaScript starts loading after the first paint (decision 058).
 *
 * React Router's `<Scripts/>` emits ≈ 30 `<link rel="modulepreload">` (which React hoists into
 * `<head>`), the context script and an inline module that imports the route modules and the entry.
 * The browser fetches all of them at High priority while it is still reading the page, and
 * Lighthouse's simulated first paint (Lantern) counts every High-priority script that finished
 * loading before the observed first paint as render-blocking; module scripts can never be cleared
 * (their evaluation carries no URL). On a hydrated page that cost ≈ 1.5 s of simulated FCP.
 *
 * So on the server `<Scripts/>`' output is written inside `<noscript><template>`: a browser with
 * JavaScript keeps it as inert text (React does not hoist links out of a `<noscript>`), one without
 * leaves the template's content alone. The inline starter below turns it back into elements. The
 * context script (and an import map, were SRI on) runs at once, because the loader data React Router
 * streams after it writes into `window.__reactRouterContext`; the preloads and the module wait until
 * the browser reports the first contentful paint. Every element gets this request's CSP nonce (the page cache re-signs it like any other).
 * React Router's markup itself is unchanged: what it renders is what runs, only later.
 */
export const appScriptsHolderId = "app-scripts";

type StarterDocument = Pick<Document, "body" | "createElement" | "currentScript" | "getElementById" | "visibilityState">;
type StarterWindow = { document: StarterDocument; PerformanceObserver?: typeof PerformanceObserver } & Pick<
  Window,
  "addEventListener" | "removeEventListener" | "requestAnimationFrame" | "setTimeout"
>;
type StarterOptions = { holderId: string; latestMs: number; interactionEvents: readonly string[]; interactionKey: string };

/** Inlined as source (must stay self-contained, no imports); runs right after the `<noscript>`. */
export function startAppScripts(win: StarterWindow, { holderId, latestMs, interactionEvents, interactionKey }: StarterOptions): void {
  const { document } = win;
  // What the visitor does before the app's code runs still counts as the first interaction
  // (on-first-interaction.ts): React Aria's controls load at it.
  const interacted = (event: Event) => {
    // on-first-interaction.ts `isVisitorInteraction`, inline (this function is inlined as source): a
    // pointermove without movement is the browser updating hover, not the visitor.
    if (event.type === "pointermove" && !(event as PointerEvent).movementX && !(event as PointerEvent).movementY) return;
    Object.assign(win, { [interactionKey]: true });
    for (const name of interactionEvents) win.removeEventListener(name, interacted, true);
  };
  for (const name of interactionEvents) win.addEventListener(name, interacted, { capture: true, passive: true });
  const starter = document.currentScript as HTMLScriptElement | null;
  const holder = document.getElementById(holderId);
  if (!starter || !holder) return;
  const nonce = starter.nonce;
  const parsed = document.createElement("template");
  parsed.innerHTML = holder.textContent ?? "";
  holder.remove();
  const inner = parsed.content.querySelector("template");
  const later: Element[] = [];
  for (const inert of Array.from(inner?.content.children ?? [])) {
    // Elements parsed by innerHTML never run: each is made anew, with the attributes it was rendered with.
    const element = document.createElement(inert.localName) as HTMLElement;
    for (const attribute of Array.from(inert.attributes)) element.setAttribute(attribute.name, attribute.value);
    element.nonce = nonce;
    element.textContent = inert.textContent;
    const runsNow = inert.localName === "script" && inert.getAttribute("type") !== "module";
    if (runsNow) starter.before(element);
    else later.push(element);
  }
  let started = false;
  const load = () => {
    if (started) return;
    started = true;
    document.body.append(...later);
  };
  // A hidden tab paints nothing: load at once there.
  if (document.visibilityState === "hidden") return load();
  // The browser reports the first contentful paint once the frame is on screen (animation frames
  // come earlier: two of them still started the entry ≈ 10 ms before the reported paint).
  if (win.PerformanceObserver?.supportedEntryTypes?.includes("paint")) {
    new win.PerformanceObserver((list, observer) => {
      if (list.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      win.setTimeout(load, 0);
    }).observe({ type: "paint", buffered: true });
  } else win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(load, 0)));
  // Should no paint be reported (a tab hidden mid-load), the app still starts.
  win.setTimeout(load, latestMs);
}

/** How long the app waits at most for the first paint to be reported. */
export const appScriptsLatestMs = 3000;

const starterOptions: StarterOptions = { holderId: appScriptsHolderId, latestMs: appScriptsLatestMs, interactionEvents, interactionKey: earlyInteractionKey };
export const startAppScriptsSource = `(${startAppScripts.toString()})(window, ${JSON.stringify(starterOptions)});`;

/**
 * In place of `<Scripts/>` on hydrated pages. The browser renders nothing here: React skips the
 * server's extra elements in `<body>` while hydrating, and `<Scripts/>` would render nothing after
 * hydration anyway. Vite's dev server keeps `<Scripts/>` as it is (its module imports the HMR runtime).
 */
export function AppScripts({ nonce }: { nonce: string | undefined }) {
  if (import.meta.env.DEV) return <Scripts nonce={nonce} />;
  if (!import.meta.env.SSR) return null;
  return (
    <>
      <noscript id={appScriptsHolderId}>
        {/* A <template> keeps a browser without JavaScript from fetching the preloads. */}
        <template>
          <Scripts nonce={nonce} />
        </template>
      </noscript>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: startAppScriptsSource }} />
    </>
  );
}

/**
 * Pages whose route says so (`handle = startsScriptsAfterPaint`: the booking pages, which work in full
 * without JavaScript) start their scripts after the first paint; every other page (the back office's
 * dialogs are JavaScript's alone) keeps React Router's `<Scripts/>`, so its buttons answer as early as before.
 */
export const startsScriptsAfterPaint = { startScriptsAfterPaint: true } as const;

export function useScriptsAfterPaint(): boolean {
  return useMatches().some((match) => (match.handle as { startScriptsAfterPaint?: boolean } | undefined)?.startScriptsAfterPaint === true);
}
