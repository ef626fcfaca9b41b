import { Scripts } from "react-router";

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
 * So on the server `<Scripts/>`' output is written inside `<noscript>`: the browser keeps it as
 * inert text (React does not hoist links out of a `<noscript>`), and the inline starter below turns
 * it back into elements. The context script (and an import map, were SRI on) runs at once, because
 * the loader data React Router streams after it writes into `window.__reactRouterContext`; the
 * preloads and the module wait for the second animation frame, i.e. until the first frame has been
 * painted. Every element gets this request's CSP nonce (the page cache re-signs it like any other).
 * React Router's markup itself is unchanged: what it renders is what runs, only later.
 */
export const appScriptsHolderId = "app-scripts";

type StarterDocument = Pick<Document, "body" | "createElement" | "currentScript" | "getElementById" | "visibilityState">;
type StarterWindow = { document: StarterDocument } & Pick<Window, "requestAnimationFrame" | "setTimeout">;

/** Inlined as source (must stay self-contained, no imports); runs right after the `<noscript>`. */
export function startAppScripts(win: StarterWindow, holderId: string): void {
  const { document } = win;
  const starter = document.currentScript as HTMLScriptElement | null;
  const holder = document.getElementById(holderId);
  if (!starter || !holder) return;
  const nonce = starter.nonce;
  const template = document.createElement("template");
  template.innerHTML = holder.textContent ?? "";
  holder.remove();
  const later: Element[] = [];
  for (const inert of Array.from(template.content.children)) {
    // Elements parsed by innerHTML never run: each is made anew, with the attributes it was rendered with.
    const element = document.createElement(inert.localName) as HTMLElement;
    for (const attribute of Array.from(inert.attributes)) element.setAttribute(attribute.name, attribute.value);
    element.nonce = nonce;
    element.textContent = inert.textContent;
    const runsNow = inert.localName === "script" && inert.getAttribute("type") !== "module";
    if (runsNow) starter.before(element);
    else later.push(element);
  }
  const load = () => win.setTimeout(() => document.body.append(...later), 0);
  // A hidden tab paints nothing (and runs no animation frames): load at once there.
  if (document.visibilityState === "hidden") load();
  else win.requestAnimationFrame(() => win.requestAnimationFrame(load));
}

export const startAppScriptsSource = `(${startAppScripts.toString()})(window, ${JSON.stringify(appScriptsHolderId)});`;

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
        <Scripts nonce={nonce} />
      </noscript>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: startAppScriptsSource }} />
    </>
  );
}
