/**
 * Code a page's first render needs although its route loads it only on some pages (decision 052):
 * a route module, which runs before `entry.client.tsx`, hands its load here, and hydration waits
 * for it, so the browser's first render matches the server's HTML at once.
 */
const pending: Promise<unknown>[] = [];

export function holdHydrationFor(load: Promise<unknown>): void {
  // A failed load must not keep the page from hydrating: the component asks again when it renders.
  pending.push(load.catch(() => undefined));
}

export function beforeHydration(): Promise<unknown> {
  return Promise.all(pending);
}
