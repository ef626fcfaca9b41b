import { redirect } from "react-router";
import { findCategory } from "../../../core/domain/categories";
import { defaultLocale, localeFromPath, locales, localizePath, type Locale } from "../../../core/i18n/locales";
import type { EventCategory } from "../../../core/contracts/events";
import type { Alternates } from "../../utils/alternates";
import { toEventView } from "../../utils/event-view";
import { notFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/events";
import { webContext } from "../../../server/load-context";

function categoryAlternates(category: EventCategory): Alternates {
  const slugIn = (locale: Locale) => category.translations.find((translation) => translation.locale === locale)?.slug ?? String(category.id);
  return Object.fromEntries(locales.map((locale) => [locale, localizePath(`/events/${slugIn(locale)}`, locale)])) as Alternates;
}

/**
 * /events and /events/{category}: the category is found by numeric id or by its slug; a slug of
 * another language (or the id) redirects to the slug of the page's language.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const { services } = web;
  const categories = await services.listCategories(locale);
  let category: EventCategory | undefined;
  if (params.category !== undefined) {
    category = findCategory(categories, params.category, locale);
    if (!category) notFound();
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
