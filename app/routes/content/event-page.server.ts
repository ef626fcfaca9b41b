import { redirect } from "react-router";
import { defaultLocale, localeFromPath, locales, type Locale } from "../../../core/i18n/locales";
import { webContext } from "../../../server/load-context";
import type { Alternates } from "../../utils/alternates";
import { eventJsonLd, eventPagePathIn, jsonForScript, toEventPageView } from "../../utils/event-page-view";
import { notFound } from "../../utils/http-errors.server";
import { signUpForOpeningNoticeAction } from "../../utils/opening-notice.server";
import type { Route } from "./+types/event-page";

async function findEventPage(context: Route.LoaderArgs["context"], url: URL, params: Route.LoaderArgs["params"]) {
  const web = context.get(webContext);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const lookup = await web.services.getEventPage(locale, params.category, params.event);
  if ("missing" in lookup) notFound();
  // A slug of the other language (shared, or the language switched): the page's own address, for good.
  if ("redirectTo" in lookup) throw redirect(lookup.redirectTo + url.search, 301);
  return { web, locale, event: lookup.found };
}

/** /events/{category}/{event}: the event's own page, at its slugs in every language (decision 024). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const { web, locale, event } = await findEventPage(context, url, params);
  const site = await web.services.getSite(locale);
  const alternates = Object.fromEntries(locales.map((other: Locale) => [other, eventPagePathIn(event, other)])) as Alternates;
  return {
    locale,
    origin: web.publicOrigin,
    event: toEventPageView(event, locale),
    jsonLd: jsonForScript(eventJsonLd(event, { locale, origin: web.publicOrigin, site })),
    alternates,
  };
}

/** The "notify me" form of an event that is not bookable yet. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const { web, locale, event } = await findEventPage(context, url, params);
  return signUpForOpeningNoticeAction(web, request, locale, event.uuid);
}
