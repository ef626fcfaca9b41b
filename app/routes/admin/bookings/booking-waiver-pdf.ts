// A resource route: all of it runs on the server (booking-waiver-pdf.server.ts).
import type { PageRouteFacts } from "../../../../server/http/page-route-facts";

export { loader } from "./booking-waiver-pdf.server";
/** A download streams for as long as the browser takes it: it holds no turn (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
