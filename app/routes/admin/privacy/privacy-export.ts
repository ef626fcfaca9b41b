// A resource route: all of it runs on the server (privacy-export.server.ts).
import type { PageRouteFacts } from "../../../../server/http/page-route-facts";

export { action } from "./privacy-export.server";
/** A download: personal, never cached, and it holds no turn (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
