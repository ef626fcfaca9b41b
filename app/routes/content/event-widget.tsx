import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { defaultLocale, localeFromPath } from "../../../core/i18n/locales";
import { EventCard } from "../../components/event-card";
import { cardImagePriority } from "../../components/event-image";
import { WidgetNotice } from "../../components/widget-notice";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/event-widget";
import type { RouteHandle } from "../../utils/route-handle";

export { loader } from "./event-widget.server";
export const handle = { caching: "public" } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ location }) => {
  const locale = localeFromPath(location.pathname) ?? defaultLocale;
  return [...pageMeta(locale, translatorFor(locale)("meta.widget.title")), { name: "robots", content: "noindex" }];
};

export default function EventWidget({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { events, locale, origin, unknown } = loaderData;
  if (unknown) return <WidgetNotice origin={origin} locale={locale} />;
  return (
    <>
      <h1 className="sr-only">{t("widget.title")}</h1>
      {events.length === 0 ? (
        <p className="p-6 text-center text-ink-soft">{t("events.empty")}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {events.map((event, index) => (
            <EventCard key={event.uuid} event={event} locale={locale} external={{ origin }} imagePriority={cardImagePriority(index)} />
          ))}
        </div>
      )}
    </>
  );
}
