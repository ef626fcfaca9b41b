import type { ListPagesQuery } from "../../core/contracts/pages";
import type { JoinWaitlist } from "../../core/contracts/waitlist";
import { anonymousActor, type Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { joinWaitlist } from "../bookings/waitlist";
import { leaveWaitlist } from "../bookings/leave-waitlist";
import { readWaitlistLeave } from "../bookings/read-waitlist-leave";
import type { OpeningNoticeRequest } from "../../core/contracts/events";
import { countOpeningNotices, signUpForOpeningNotice } from "../catalog/opening-notices";
import { readCategories, readEventPage, readEventPageSlugs, readExperiences, readPageBySlug, readPages, readPublicEvent, readPublicEvents, readPublicForm, readReservedVehicles, readSite } from "../catalog/public-reads";
import { invalidatingAvailability } from "../deps/cached-read";
import type { Deps } from "../deps/deps";

/** The public site's reads and sign-ups (server/catalog, server/bookings/waitlist.ts): anyone may call them. */
export function bindPublicReads(deps: Deps) {
  const { db } = deps;
  return {
  getSite: (locale: Locale, id?: number) => readSite(deps, { locale, id }),
  listPages: (locale: Locale, query: ListPagesQuery) => readPages(deps, { locale, query }),
  getPageBySlug: (locale: Locale, slug: string) => readPageBySlug(deps, { locale, slug }),
  listCategories: (locale: Locale) => readCategories(deps, { locale }),
  listPublicEvents: (locale: Locale, category?: string) => readPublicEvents(deps, { locale, category }),
  listExperiences: (locale: Locale) => readExperiences(deps, { locale }),
  /** One published event as the cards show it, or undefined. */
  getPublicEvent: (locale: Locale, eventId: string) => readPublicEvent(deps, { locale, eventId }),
  /** The event page `/events/{category}/{event}`: found, a redirect to its own address, or missing. */
  getEventPage: (locale: Locale, categorySlug: string, eventSlug: string) => readEventPage(deps, { locale, categorySlug, eventSlug }),
  /** Every published event's page slug per language (the sitemap). */
  listEventPageSlugs: () => readEventPageSlugs(deps),
  /** "Notify me when bookings open" (anyone; per client address limited). */
  signUpForOpeningNotice: (input: { eventId: string; notice: OpeningNoticeRequest; locale: Locale; clientAddress?: string | undefined }) =>
    signUpForOpeningNotice(deps, anonymousActor, input),
  countOpeningNotices: (eventId: string) => countOpeningNotices(db, eventId),
  joinWaitlist: (entry: JoinWaitlist, locale: Locale) => invalidatingAvailability(deps, () => joinWaitlist(deps, anonymousActor, { entry, locale })),
  /** The confirmation mail's signed "leave the waitlist" link (issue 32): what it names, then leaving (idempotent). */
  readWaitlistLeave: (token: string, locale: Locale) => readWaitlistLeave(deps, anonymousActor, { token, locale }),
  leaveWaitlist: (token: string, locale: Locale) => invalidatingAvailability(deps, () => leaveWaitlist(deps, anonymousActor, { token, locale })),
  /** `preview` is honoured for staff only (`actor`; the pages never ask for it). */
  getPublicForm: (locale: Locale, formId: string, preview: boolean, actor: Actor = anonymousActor) =>
    readPublicForm(deps, actor, { locale, formId, preview }),
  getReservedVehicles: (formId: string) => readReservedVehicles(deps, { formId }),
  };
}
