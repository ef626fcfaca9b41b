import type { ListPagesQuery } from "../../core/contracts/pages";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import type { PublicEventDetail } from "../../core/contracts/events";
import { findCategory } from "../../core/domain/categories";
import { localizePath, type Locale } from "../../core/i18n/locales";
import { cachedRead } from "../deps/cached-read";
import type { Deps } from "../deps/deps";
import { findEventBySlug, getPublicEventDetail, listEventPageSlugs } from "./event-pages";
import { listCategories, listExperiences, listPublicEvents, listPublicEventsOfCategory } from "./events";
import type { PublicForm } from "../../core/contracts/forms";
import { contractFormOf, getPublicForm, getPublishedForm, getReservedVehicles } from "./forms";
import { getPageBySlug, listPages } from "./pages";
import { getSite } from "./site";

/**
 * The public reads (anyone may), as the API and the pages call them. What every page view needs
 * goes through the read cache, published forms too; a form's preview (it depends on who asks) and a
 * content page (read once per visit) are read fresh.
 */
type CatalogDeps = Pick<Deps, "db" | "now" | "reads">;

export const readSite = (deps: CatalogDeps, input: { locale: Locale; id?: number | undefined }) =>
  cachedRead(deps, `site:${input.locale}:${input.id ?? ""}`, () => getSite(deps.db, input.locale, input.id));

export const readPages = (deps: CatalogDeps, input: { locale: Locale; query: ListPagesQuery }) =>
  cachedRead(deps, `pages:${input.locale}:${JSON.stringify(input.query)}`, () => listPages(deps.db, input.locale, input.query));

export const readPageBySlug = (deps: CatalogDeps, input: { locale: Locale; slug: string }) => getPageBySlug(deps.db, input.locale, input.slug);

export const readCategories = (deps: CatalogDeps, input: { locale: Locale }) =>
  cachedRead(deps, `categories:${input.locale}`, () => listCategories(deps.db, input.locale));

export const readPublicEvents = (deps: CatalogDeps, input: { locale: Locale; category?: string | undefined }) =>
  cachedRead(deps, `events:${input.locale}:${input.category ?? ""}`, () =>
    input.category === undefined
      ? listPublicEvents(deps.db, input.locale, {}, deps.now())
      : listPublicEventsOfCategory(deps.db, input.locale, input.category, deps.now()),
  );

/** One published event as the cards show it, or undefined. */
export const readPublicEvent = async (deps: CatalogDeps, input: { locale: Locale; eventId: string }) =>
  (await readPublicEvents(deps, { locale: input.locale })).find((event) => event.uuid === input.eventId);

export const readExperiences = (deps: CatalogDeps, input: { locale: Locale }) =>
  cachedRead(deps, `experiences:${input.locale}`, () => listExperiences(deps.db, input.locale));

/**
 * A booking form: its latest published version, the same for everybody, so it is cached (every booking
 * page view reads it): its pages, prices and terms until staff change them, its event's places until a
 * booking changes them (decisions 048, 054). `preview` asked for shows the draft (the builder's
 * working copy, also of an unpublished event) to staff only: anyone else is refused (401/403), and a
 * preview is never cached (decision 036).
 */
export const readPublicForm = async (deps: CatalogDeps, actor: Actor, input: { locale: Locale; formId: string; preview: boolean }): Promise<PublicForm> => {
  if (input.preview) {
    authorize(actor, "form.preview", null);
    return getPublicForm(deps.db, input.locale, input.formId, { preview: true, now: deps.now() });
  }
  return contractFormOf(await getPublishedForm(deps, input.locale, input.formId, deps.now()));
};

export const readReservedVehicles = (deps: CatalogDeps, input: { formId: string }) => getReservedVehicles(deps.db, input.formId);

/** The address of an event's page in `locale`. */
export function eventPagePath(event: Pick<PublicEventDetail, "pages">, locale: Locale): string {
  const page = event.pages.find((entry) => entry.locale === locale) ?? event.pages[0];
  return localizePath(`/events/${page?.category_slug ?? ""}/${page?.slug ?? ""}`, locale);
}

export type EventPageLookup = { found: PublicEventDetail } | { redirectTo: string } | { missing: true };

/**
 * The event page `/events/{category}/{event}` in `locale`. An event slug nobody has is missing; a
 * slug (of the event or of its category) from another language, or the category's id, redirects to
 * the page's own address; a category that is not the event's is missing too.
 */
export async function readEventPage(deps: CatalogDeps, input: { locale: Locale; categorySlug: string; eventSlug: string }): Promise<EventPageLookup> {
  const { locale } = input;
  // Not cached: any slug may be asked for, and an index lookup is cheap.
  const match = await findEventBySlug(deps.db, locale, input.eventSlug);
  if (!match) return { missing: true };
  const [listed, categories] = await Promise.all([readPublicEvent(deps, { locale, eventId: match.eventId }), readCategories(deps, { locale })]);
  if (!listed) return { missing: true };
  const category = findCategory(categories, input.categorySlug, locale);
  if (!category || category.id !== listed.category.id) return { missing: true };
  const event = await cachedRead(deps, `event-page:${locale}:${match.eventId}`, () => getPublicEventDetail(deps.db, locale, { listed, categories }));
  const own = event.pages.find((page) => page.locale === locale);
  if (own?.slug !== input.eventSlug || own.category_slug !== input.categorySlug) return { redirectTo: eventPagePath(event, locale) };
  return { found: event };
}

/** Every published event's page per language (the sitemap). */
export const readEventPageSlugs = (deps: CatalogDeps) => cachedRead(deps, "event-page-slugs", () => listEventPageSlugs(deps.db));
