import type { RouteHandle } from "../../utils/route-handle";
export { loader } from "./not-found.server";
export const handle = { caching: "public" } satisfies RouteHandle;
export default function NotFound() {
  return null;
}
