import { pageLocale } from "../utils/auth.server";
import { toEventView } from "../utils/event-view";
import type { Route } from "./+types/booking-not-bookable-yet";
import { webContext } from "../../server/load-context";

/** /booking-not-bookable-yet?event={uuid}: the booking of this event has not opened yet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const eventId = new URL(request.url).searchParams.get("event") ?? "";
  const event = /^[0-9a-f-]{36}$/i.test(eventId) ? await web.services.getPublicEvent(locale, eventId) : undefined;
  return { locale, event: event ? toEventView(event, locale) : null };
}
