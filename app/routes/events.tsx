import { useTranslation } from "react-i18next";
import { data, NavLink, redirect } from "react-router";
import { findCategory } from "../../core/domain/categories";
import { translatorFor } from "../../core/i18n/i18n";
import { defaultLocale, localeFromPath, locales, localizePath, type Locale } from "../../core/i18n/locales";
import type { EventCategory } from "../../core/contracts/events";
import { EventCard } from "../components/event-card";
import type { Alternates } from "../utils/alternates";
import { toEventView } from "../utils/event-view";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/events";

function categoryAlternates(category: EventCategory): Alternates {
  const slugIn = (locale: Locale) => category.translations.find((translation) => translation.locale === locale)?.slug ?? String(category.id);
  return Object.fromEntries(locales.map((locale) => [locale, localizePath(`/events/${slugIn(locale)}`, locale)])) as Alternates;
}

/**
 * /events and /events/{category}: the category is found by numeric id or by its slug; a slug of
 * another language (or the id) redirects to the slug of the page's language.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const { services } = context;
  const categories = await services.listCategories(locale);
  let category: EventCategory | undefined;
  if (params.category !== undefined) {
    category = findCategory(categories, params.category, locale);
    if (!category) throw data(null, { status: 404 });
    if (category.slug !== params.category) throw redirect(localizePath(`/events/${category.slug}`, locale) + url.search, 301);
  }
  const events = await services.listPublicEvents(locale, category ? String(category.id) : undefined);
  return {
    locale,
    categories,
    category: category ?? null,
    upcoming: events.filter((event) => event.state !== "past").map((event) => toEventView(event, locale)),
    past: events.filter((event) => event.state === "past").map((event) => toEventView(event, locale)),
    ...(category ? { alternates: categoryAlternates(category) } : {}),
  };
}

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
      <nav aria-label={t("events.categoryFilter")} className="-mx-4 mt-8 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
        <ul className="flex gap-2 sm:flex-wrap">
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
      <p className="mt-6 text-sm text-ink-soft" aria-live="polite">
        {t("events.count", { count: upcoming.length })}
      </p>
      {upcoming.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-white p-8 text-center text-ink-soft ring-1 ring-navy-900/10">{t("events.empty")}</p>
      ) : (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {upcoming.map((event) => (
            <EventCard key={event.uuid} event={event} locale={locale} />
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
