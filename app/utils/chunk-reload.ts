/** Spec §8: a failed script or style chunk reloads the page once, at most once per 60 s. */
export const chunkReloadIntervalMs = 60_000;
export const chunkReloadStorageKey = "chunk-reload-at";

type ReloadWindow = Pick<Window, "addEventListener" | "localStorage"> & { location: Pick<Location, "reload"> };

/**
 * Listens for failed chunk loads: a `<script>` or stylesheet that errors, Vite's preload error, or a
 * rejected dynamic import. It must run before the app's modules load, so it is inlined into the page
 * head as source (`installChunkReloadSource`): keep it self-contained, without imports.
 */
export function installChunkReload(win: ReloadWindow, intervalMs: number, storageKey: string): void {
  const reloadOnce = () => {
    try {
      const last = Number(win.localStorage.getItem(storageKey) ?? "0");
      const now = Date.now();
      if (last && now - last < intervalMs) return;
      win.localStorage.setItem(storageKey, String(now));
    } catch {
      return;
    }
    win.location.reload();
  };
  win.addEventListener(
    "error",
    (event) => {
      const target = event.target as HTMLElement | null;
      if (!target || !("tagName" in target)) return;
      const isScript = target.tagName === "SCRIPT";
      const isStyle = target.tagName === "LINK" && /stylesheet|modulepreload/.test((target as HTMLLinkElement).rel);
      if (isScript || isStyle) reloadOnce();
    },
    true,
  );
  win.addEventListener("vite:preloadError" as "error", (event) => {
    event.preventDefault();
    reloadOnce();
  });
  win.addEventListener("unhandledrejection", (event) => {
    const message = String((event.reason as { message?: unknown } | undefined)?.message ?? "");
    if (/dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(message)) reloadOnce();
  });
}

export const installChunkReloadSource = `(${installChunkReload.toString()})(window, ${chunkReloadIntervalMs}, ${JSON.stringify(chunkReloadStorageKey)});`;
