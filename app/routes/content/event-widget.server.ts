import { data } from "react-router";
import { z } from "zod";
import { publicEventsQuerySchema } from "../../../core/contracts/events";
import { defaultLocale, localeFromPath } from "../../../core/i18n/locales";
import { AppError } from "../../../server/errors";
import { webContext } from "../../../server/load-context";
import { toEventView } from "../../utils/event-view";
import type { Route } from "./+types/event-widget";

const widgetQuerySchema = publicEventsQuerySchema.extend({ event: z.string().uuid().optional() });

/**
 * /event-widget?category=…&event=…: the bare event list that partner sites embed (see
 * public/event-widget.js). A category or event that is unknown or over answers 404 with a compact
 * notice that fits the partner's page, not the site's full error page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const origin = web.publicOrigin;
  const unknown = () => data({ locale, origin, events: [], unknown: true }, { status: 404 });
  const query = widgetQuerySchema.safeParse({ category: url.searchParams.get("category") ?? undefined, event: url.searchParams.get("event") ?? undefined });
  if (!query.success) return unknown();
  let events;
  try {
    events = await web.services.listPublicEvents(locale, query.data.category);
  } catch (error) {
    if (AppError.is(error) && error.code === "NOT_FOUND") return unknown();
    throw error;
  }
  const shown = events.filter((event) => event.state !== "past" && (query.data.event === undefined || event.uuid === query.data.event));
  if (query.data.event !== undefined && shown.length === 0) return unknown();
  return { locale, origin, events: shown.map((event) => toEventView(event, locale)), unknown: false };
}
