import { data } from "react-router";
import { joinWaitlistSchema } from "../../../core/contracts/waitlist";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import { toEventView } from "../../utils/event-view";
import type { Route } from "./+types/booking-no-available-spots";
import { webContext } from "../../../server/load-context";

/** /booking-no-available-spots?event={uuid}: a fully booked event, and its waitlist sign-up. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const search = url.searchParams;
  const eventId = search.get("event") ?? "";
  const event = /^[0-9a-f-]{36}$/i.test(eventId) ? await web.services.getPublicEvent(locale, eventId) : undefined;
  // Arrived from a waitlist offer link that no longer holds places (run out or already used).
  const offerSpent = search.get("offer") === "spent";
  return { locale, event: event ? toEventView(event, locale) : null, offerSpent };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const submission = parseLocalized(await request.formData(), joinWaitlistSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { joined: null });
  try {
    const { position } = await web.services.joinWaitlist(submission.value, locale);
    return data({ result: submission.reply(), joined: { position, email: submission.value.email } });
  } catch (error) {
    return refusedSubmission(submission, error, locale, { joined: null });
  }
}
