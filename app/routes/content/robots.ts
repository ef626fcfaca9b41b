// A resource route: all of it runs on the server (robots.server.ts).
import type { RouteHandle } from "../../utils/route-handle";
export { loader } from "./robots.server";
export const handle = { caching: "public" } satisfies RouteHandle;
