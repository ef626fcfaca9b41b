// A resource route: all of it runs on the server (participants-export.server.ts).
import type { PageRouteFacts } from "../../../../server/http/page-route-facts";

export { loader } from "./participants-export.server";
/** An export streams for as long as the browser takes it: it holds no turn (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
