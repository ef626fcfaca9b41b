// A resource route: all of it runs on the server (sitemap.server.ts).
import type { RouteHandle } from "../../utils/route-handle";
export { loader } from "./sitemap.server";
export const handle = { caching: "public" } satisfies RouteHandle;
