import { and, asc, eq } from "drizzle-orm";
import type { EventCategory, PublicEvent, PublicEventDetail } from "../../core/contracts/events";
import { pickLocale } from "../../core/contracts/localized-text";
import { findCategory } from "../../core/domain/categories";
import { locales, type Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { eventPrices, events, eventSlugs } from "../db/schema";

/** Where a slug in an address led: the event, and the language whose slug it was. */
export type EventSlugMatch = { eventId: string; slugLocale: Locale };

/**
 * The published event whose page slug is `slug`, in the page's language first, else in another
 * language (the caller redirects to the right one). Undefined for a slug nobody has.
 */
export async function findEventBySlug(db: Queryable, locale: Locale, slug: string): Promise<EventSlugMatch | undefined> {
  const rows = await db
    .select({ eventId: eventSlugs.eventId, slugLocale: eventSlugs.locale })
    .from(eventSlugs)
    .innerJoin(events, eq(events.id, eventSlugs.eventId))
    .where(and(eq(eventSlugs.slug, slug), eq(events.published, true)));
  return rows.find((row) => row.slugLocale === locale) ?? rows[0];
}

/**
 * One event for its page: the card's data (`listed`, from the cached event list), its price list in
 * `locale`, and its address in every language (category slug and event slug of each).
 */
export async function getPublicEventDetail(
  db: Queryable,
  locale: Locale,
  input: { listed: PublicEvent; categories: EventCategory[] },
): Promise<PublicEventDetail> {
  const { listed } = input;
  const [prices, slugs, [row]] = await Promise.all([
    db.select().from(eventPrices).where(eq(eventPrices.eventId, listed.uuid)).orderBy(asc(eventPrices.position), asc(eventPrices.id)),
    db.select().from(eventSlugs).where(eq(eventSlugs.eventId, listed.uuid)),
    db.select({ updatedAt: events.updatedAt }).from(events).where(eq(events.id, listed.uuid)).limit(1),
  ]);
  const category = findCategory(input.categories, String(listed.category.id), locale);
  const categorySlugIn = (pageLocale: Locale) =>
    category?.translations.find((translation) => translation.locale === pageLocale)?.slug ?? category?.slug ?? String(listed.category.id);
  return {
    ...listed,
    prices: prices.map((price) => ({
      kind: price.kind,
      key: price.key,
      label: pickLocale(price.label, locale),
      amount_cents: price.amountCents,
      per_day: price.perDay,
    })),
    pages: locales.map((pageLocale) => ({
      locale: pageLocale,
      category_slug: categorySlugIn(pageLocale),
      slug: slugs.find((slug) => slug.locale === pageLocale)?.slug ?? listed.uuid,
    })),
    updated_at: (row?.updatedAt ?? new Date(0)).toISOString(),
  };
}

/** Every published event's page slugs per language, for the sitemap. */
export async function listEventPageSlugs(db: Queryable): Promise<{ eventId: string; categoryId: number; locale: Locale; slug: string; updatedAt: Date }[]> {
  return db
    .select({ eventId: eventSlugs.eventId, categoryId: events.categoryId, locale: eventSlugs.locale, slug: eventSlugs.slug, updatedAt: events.updatedAt })
    .from(eventSlugs)
    .innerJoin(events, eq(events.id, eventSlugs.eventId))
    .where(eq(events.published, true))
    .orderBy(asc(events.startsOn), asc(events.id));
}
