import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { publicEventsQuerySchema } from "../../core/contracts/events";
import { translatorFor } from "../../core/i18n/i18n";
import { defaultLocale, localeFromPath } from "../../core/i18n/locales";
import { EventCard } from "../components/event-card";
import { orNotFoundPage } from "../utils/route-errors.server";
import { toEventView } from "../utils/event-view";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/event-widget";

/** /event-widget?category=…: the bare event list that partner sites embed (see public/event-widget.js). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const query = publicEventsQuerySchema.safeParse({ category: url.searchParams.get("category") ?? undefined });
  if (!query.success) throw data(null, { status: 404 });
  const events = await orNotFoundPage(context.services.listPublicEvents(locale, query.data.category));
  return { locale, origin: context.publicOrigin, events: events.filter((event) => event.state !== "past").map((event) => toEventView(event, locale)) };
}

export const meta: Route.MetaFunction = ({ location }) => {
  const locale = localeFromPath(location.pathname) ?? defaultLocale;
  return [...pageMeta(locale, translatorFor(locale)("meta.widget.title")), { name: "robots", content: "noindex" }];
};

export default function EventWidget({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { events, locale, origin } = loaderData;
  return (
    <>
      <h1 className="sr-only">{t("widget.title")}</h1>
      {events.length === 0 ? (
        <p className="p-6 text-center text-ink-soft">{t("events.empty")}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event) => (
            <EventCard key={event.uuid} event={event} locale={locale} external={{ origin }} />
          ))}
        </div>
      )}
    </>
  );
}
