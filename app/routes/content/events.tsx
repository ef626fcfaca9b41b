import { Link, NavLink } from "react-router";
import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { localeFromPath, localizePath, defaultLocale } from "../../../core/i18n/locales";
import { EventCard } from "../../components/event-card";
import { cardImagePriority } from "../../components/event-image";
import { pageMeta } from "../../utils/meta";
import { withoutHydration } from "../../utils/static-page";
import type { Route } from "./+types/events";
import type { RouteHandle } from "../../utils/route-handle";

export { loader } from "./events.server";
// Plain HTML, no app JavaScript in the browser (decision 056).
export const handle = { caching: "public", ...withoutHydration } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData, location }) => {
  const locale = loaderData?.locale ?? localeFromPath(location.pathname) ?? defaultLocale;
  const t = translatorFor(locale);
  if (loaderData?.category) return pageMeta(locale, loaderData.category.name, t("meta.category.description", { category: loaderData.category.name }));
  return pageMeta(locale, t("meta.events.title"), t("meta.events.description"));
};

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, categories, category, upcoming, past } = loaderData;
  const pill = ({ isActive }: { isActive: boolean }) =>
    `inline-flex whitespace-nowrap rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-inset transition-colors ${
      isActive ? "bg-navy-900 text-white ring-navy-900" : "bg-white text-navy-900 ring-navy-900/15 hover:bg-navy-50"
    }`;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-3xl">
        <h1 className="font-display text-4xl font-bold text-navy-900 sm:text-5xl">{category ? category.name : t("events.title")}</h1>
        <p className="mt-3 text-lg text-ink-soft">{category?.description || t("events.intro")}</p>
      </header>
      {/* The pills wrap on phones too: a sideways-scrolling row was cut off with no hint that more followed. */}
      <nav aria-label={t("events.categoryFilter")} className="mt-8">
        <ul className="flex flex-wrap gap-2">
          <li>
            <NavLink end to={localizePath("/events", locale)} className={pill}>
              {t("events.allCategories")}
            </NavLink>
          </li>
          {categories.map((entry) => (
            <li key={entry.id}>
              <NavLink to={localizePath(`/events/${entry.slug}`, locale)} className={pill}>
                {entry.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 flex flex-wrap items-baseline justify-between gap-3">
        <p className="text-sm text-ink-soft" aria-live="polite">
          {t("events.count", { count: upcoming.length })}
        </p>
        <Link to={localizePath("/calendar", locale)} className="text-sm font-semibold text-navy-700 underline underline-offset-2 hover:text-navy-900">
          {t("events.byMonth")}
        </Link>
      </div>
      {upcoming.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-ink-soft ring-1 ring-navy-900/10">{t("events.empty")}</p>
      ) : (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {upcoming.map((event, index) => (
            <EventCard key={event.uuid} event={event} locale={locale} imagePriority={cardImagePriority(index)} />
          ))}
        </div>
      )}
      {past.length > 0 && (
        <section aria-labelledby="past-events" className="mt-16">
          <h2 id="past-events" className="font-display text-2xl font-semibold text-navy-900">
            {t("events.pastTitle")}
          </h2>
          <div className="mt-4 grid gap-6 opacity-90 sm:grid-cols-2 lg:grid-cols-3">
            {past.map((event) => (
              <EventCard key={event.uuid} event={event} locale={locale} headingLevel="h3" />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
