import { pageLocale } from "../../utils/auth.server";
import { toEventView } from "../../utils/event-view";
import { signUpForOpeningNoticeAction } from "../../utils/opening-notice.server";
import type { Route } from "./+types/booking-not-bookable-yet";
import { webContext } from "../../../server/load-context";

const eventIdOf = (url: URL) => {
  const eventId = url.searchParams.get("event") ?? "";
  return /^[0-9a-f-]{36}$/i.test(eventId) ? eventId : null;
};

/** /booking-not-bookable-yet?event={uuid}: the booking of this event has not opened yet; "notify me" offered. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const eventId = eventIdOf(url);
  const event = eventId ? await web.services.getPublicEvent(locale, eventId) : undefined;
  return { locale, event: event ? toEventView(event, locale) : null };
}

/** The "notify me" form (the same as on the event page). */
export async function action({ request, url, context }: Route.ActionArgs) {
  return signUpForOpeningNoticeAction(context.get(webContext), request, pageLocale(url), eventIdOf(url));
}
