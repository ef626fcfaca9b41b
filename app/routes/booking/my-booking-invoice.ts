// A resource route: all of it runs on the server (my-booking-invoice.server.ts).
import type { PageRouteFacts } from "../../../server/http/page-route-facts";

export { loader } from "./my-booking-invoice.server";
/** A download streams for as long as the browser takes it: it holds no turn (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
