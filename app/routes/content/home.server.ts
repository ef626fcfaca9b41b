import { defaultLocale, localeFromPath } from "../../../core/i18n/locales";
import { toEventView } from "../../utils/event-view";
import type { Route } from "./+types/home";
import { webContext } from "../../../server/load-context";

export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const { services } = web;
  const [categories, events, experiences] = await Promise.all([
    services.listCategories(locale),
    services.listPublicEvents(locale),
    services.listExperiences(locale),
  ]);
  const upcoming = events
    .filter((event) => event.state === "bookable" || event.state === "not_bookable_yet" || event.state === "fully_booked")
    .slice(0, 3)
    .map((event) => toEventView(event, locale));
  return { locale, categories, upcoming, experiences };
}
