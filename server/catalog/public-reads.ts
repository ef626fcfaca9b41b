import type { ListPagesQuery } from "../../core/contracts/pages";
import { can, type Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { cachedRead } from "../services/cached-read";
import type { Deps } from "../services/deps";
import { listCategories, listExperiences, listPublicEvents, listPublicEventsOfCategory } from "./events";
import { getPublicForm, getReservedVehicles } from "./forms";
import { getPageBySlug, listPages } from "./pages";
import { getSite } from "./site";

/**
 * The public reads (anyone may), as the API and the pages call them. What every page view needs
 * goes through the read cache; a form and a content page are read fresh (a form's preview depends
 * on who asks, and both are read once per visit).
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

/** A booking form; `preview` asked for shows an unpublished event's form to staff, anyone else gets the published form or 404. */
export const readPublicForm = (deps: CatalogDeps, actor: Actor, input: { locale: Locale; formId: string; preview: boolean }) =>
  getPublicForm(deps.db, input.locale, input.formId, { preview: input.preview && can(actor, "form.preview", null), now: deps.now() });

export const readReservedVehicles = (deps: CatalogDeps, input: { formId: string }) => getReservedVehicles(deps.db, input.formId);
