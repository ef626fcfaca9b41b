import { useEffect, useState } from "react";

/**
 * Code a page needs only once the visitor does something on it (decision 052): React Aria's date
 * picker and country combobox, the booking page's check in the browser. Until then the page works
 * with what the server sent (native controls, the server's check), so that code is not part of
 * the page's first load. Anything the visitor does counts: a pointer moving or touching, a key,
 * a scroll, a focus.
 */
export const interactionEvents = ["pointerdown", "pointermove", "touchstart", "keydown", "focusin", "scroll", "wheel"] as const;

/**
 * Chrome sends a `pointermove` without movement when the page appears or moves under a resting mouse
 * (to update hover): not the visitor doing anything, and it came at every page load in a desktop
 * browser, loading the deferred code at once. A pointer that moved counts.
 */
export function isVisitorInteraction(event: Event): boolean {
  if (event.type !== "pointermove") return true;
  const { movementX, movementY } = event as PointerEvent;
  return movementX !== 0 || movementY !== 0;
}

let interacted: Promise<void> | null = null;

/** Settles at the visitor's first interaction with the page (at once if there has been one). */
export function firstInteraction(): Promise<void> {
  if (interacted) return interacted;
  interacted = new Promise<void>((resolve) => {
    const done = (event: Event) => {
      if (!isVisitorInteraction(event)) return;
      for (const name of interactionEvents) window.removeEventListener(name, done, true);
      resolve();
    };
    for (const name of interactionEvents) window.addEventListener(name, done, { capture: true, passive: true });
  });
  return interacted;
}

/** `load()` once, after the first interaction; the same promise for every caller. */
export function afterFirstInteraction<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= firstInteraction().then(load));
}

/**
 * What `load` gives once the visitor has interacted with the page (null before, and on the server:
 * the first render is the server's), with `snapshot()` taken the moment it arrives: a native
 * control's value and focus, which the enhanced control takes over. A failed load (offline) leaves
 * it null: the page keeps working without it.
 */
export function useAfterFirstInteraction<T, S>(load: () => Promise<T>, snapshot: () => S): { loaded: T; snapshot: S } | null {
  const [value, setValue] = useState<{ loaded: T; snapshot: S } | null>(null);
  useEffect(() => {
    let live = true;
    load().then(
      (loaded) => {
        if (live) setValue({ loaded, snapshot: snapshot() });
      },
      () => {},
    );
    return () => {
      live = false;
    };
    // `snapshot` is read once, when the code arrives; a new function each render must not reload it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);
  return value;
}

// Listening from the moment the page's code runs, before hydration: a visitor who scrolls or taps
// while the page is still starting has interacted too.
if (typeof window !== "undefined") void firstInteraction();
