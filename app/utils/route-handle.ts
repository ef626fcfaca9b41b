import type { PageRouteFacts } from "../../server/http/page-route-facts";
import type { HydrationHandle } from "./static-page";

/**
 * A route module's `handle`: what the server must know before it renders the page (whether it may be
 * cached, its turn; server/http/page-route-facts.ts) and whether the page hydrates (static-page.ts).
 * The type asks every handle for `caching`; a module without a handle is personal (never cached).
 *
 *     export const handle = { caching: "public", ...withoutHydration } satisfies RouteHandle;
 */
export type RouteHandle = PageRouteFacts & HydrationHandle;
