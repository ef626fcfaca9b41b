import { data } from "react-router";
import { joinWaitlistSchema } from "../../core/contracts/waitlist";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { actionFailure } from "../utils/action-errors.server";
import { pageLocale } from "../utils/auth.server";
import { toEventView } from "../utils/event-view";
import type { Route } from "./+types/booking-no-available-spots";
import { webContext } from "../../server/load-context";

/** /booking-no-available-spots?event={uuid}: a fully booked event, and its waitlist sign-up. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const search = new URL(request.url).searchParams;
  const eventId = search.get("event") ?? "";
  const event = /^[0-9a-f-]{36}$/i.test(eventId) ? await web.services.getPublicEvent(locale, eventId) : undefined;
  // Arrived from a waitlist offer link that no longer holds places (run out or already used).
  const offerSpent = search.get("offer") === "spent";
  return { locale, event: event ? toEventView(event, locale) : null, offerSpent };
}

export async function action({ request, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = joinWaitlistSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrorsOf(parsed.error, locale), message: null, joined: null }, 422);
  try {
    const { position } = await web.services.joinWaitlist(parsed.data, locale);
    return { errors: {}, message: null, joined: { position, email: parsed.data.email } };
  } catch (error) {
    return actionFailure(error, locale);
  }
}
