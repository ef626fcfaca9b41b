import { publicEventsQuerySchema } from "../../core/contracts/events";
import { defaultLocale, localeFromPath } from "../../core/i18n/locales";
import { notFound, orNotFound } from "../utils/http-errors.server";
import { toEventView } from "../utils/event-view";
import type { Route } from "./+types/event-widget";
import { webContext } from "../../server/load-context";

/** /event-widget?category=…: the bare event list that partner sites embed (see public/event-widget.js). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const query = publicEventsQuerySchema.safeParse({ category: url.searchParams.get("category") ?? undefined });
  if (!query.success) notFound();
  const events = await orNotFound(web.services.listPublicEvents(locale, query.data.category));
  return { locale, origin: web.publicOrigin, events: events.filter((event) => event.state !== "past").map((event) => toEventView(event, locale)) };
}
