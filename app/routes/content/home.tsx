import { Link } from "react-router";
import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { defaultLocale, localeFromPath, localizePath } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { EventCard } from "../../components/event-card";
import { pageMeta } from "../../utils/meta";
import { withoutHydration } from "../../utils/static-page";
import type { Route } from "./+types/home";
import type { RouteHandle } from "../../utils/route-handle";

export { loader } from "./home.server";
// Plain HTML, no app JavaScript in the browser (decision 056).
export const handle = { caching: "public", ...withoutHydration } satisfies RouteHandle;
const categoryArt = ["/images/track-day.svg", "/images/golf-circle.svg", "/images/golf-yoga-island.svg"];

export const meta: Route.MetaFunction = ({ location }) => {
  const locale = localeFromPath(location.pathname) ?? defaultLocale;
  const t = translatorFor(locale);
  return pageMeta(locale, t("meta.home.title"), t("meta.home.description"));
};

export default function HomePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { locale, categories, upcoming, experiences } = loaderData;
  return (
    <>
      <section className="relative overflow-hidden bg-navy-950 text-white">
        <img src="/images/hero.svg" alt="" aria-hidden="true" className="absolute inset-0 h-full w-full object-cover opacity-60" />
        <div className="absolute inset-0 bg-gradient-to-r from-navy-950 via-navy-950/85 to-navy-950/20" aria-hidden="true" />
        <div className="relative mx-auto max-w-6xl px-4 py-20 sm:px-6 sm:py-28">
          <p className="text-sm font-semibold uppercase tracking-[0.2em] text-gold-400">{t("site.tagline")}</p>
          <h1 className="mt-4 max-w-3xl font-display text-4xl font-bold leading-tight sm:text-6xl">{t("home.heroTitle")}</h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-navy-100">{t("home.heroText")}</p>
          <Button to={localizePath("/events", locale)} size="lg" className="mt-10">
            {t("home.browseEvents")}
          </Button>
        </div>
      </section>

      <section aria-labelledby="categories-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="categories-title" className="font-display text-3xl font-bold text-navy-900">
          {t("home.categoriesTitle")}
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-3">
          {categories.map((category, index) => (
            <li key={category.id}>
              <Link
                to={localizePath(`/events/${category.slug}`, locale)}
                className="group relative flex h-56 flex-col justify-end overflow-hidden rounded-2xl bg-navy-900 p-6 text-white shadow-sm"
              >
                <img
                  src={categoryArt[index % categoryArt.length]}
                  alt=""
                  aria-hidden="true"
                  className="absolute inset-0 h-full w-full object-cover opacity-70 transition-transform duration-500 group-hover:scale-105"
                />
                <span className="absolute inset-0 bg-gradient-to-t from-navy-950/95 via-navy-950/50 to-transparent" aria-hidden="true" />
                <span className="relative font-display text-2xl font-semibold">{category.name}</span>
                <span className="relative mt-1 line-clamp-3 text-sm text-navy-100">{category.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {upcoming.length > 0 && (
        <section aria-labelledby="upcoming-title" className="bg-white py-14">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="flex flex-wrap items-baseline justify-between gap-4">
              <h2 id="upcoming-title" className="font-display text-3xl font-bold text-navy-900">
                {t("home.upcomingTitle")}
              </h2>
              <Link to={localizePath("/events", locale)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
                {t("home.allEvents")}
              </Link>
            </div>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {upcoming.map((event) => (
                <EventCard key={event.uuid} event={event} locale={locale} headingLevel="h3" />
              ))}
            </div>
          </div>
        </section>
      )}

      {experiences.length > 0 && (
        <section aria-labelledby="experiences-title" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <h2 id="experiences-title" className="font-display text-3xl font-bold text-navy-900">
            {t("home.experiencesTitle")}
          </h2>
          <ul className="mt-6 grid gap-6 md:grid-cols-3">
            {experiences.map((experience) => (
              <li key={experience.uuid}>
                <figure className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-navy-900/10">
                  <img
                    src={experience.image_url}
                    alt={experience.image_alt}
                    loading="lazy"
                    width={1200}
                    height={750}
                    className="aspect-[16/10] w-full object-cover"
                  />
                  <blockquote className="flex-1 px-5 pt-5 font-display text-lg leading-relaxed text-navy-900">“{experience.quote}”</blockquote>
                  <figcaption className="px-5 pb-5 pt-3 text-sm text-ink-soft">
                    <span className="font-semibold text-ink">{experience.name}</span> · {experience.event}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
