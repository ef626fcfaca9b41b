// A resource route: all of it runs on the server (personal-data.server.ts).
import type { PageRouteFacts } from "../../../server/http/page-route-facts";

export { loader } from "./personal-data.server";
/** A download: personal, never cached; it holds no turn (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
