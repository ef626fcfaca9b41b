import { and, asc, eq, sql } from "drizzle-orm";
import { responsiveImageOf } from "../../core/contracts/event-images";
import type { EventCategory, Experience, PublicEvent } from "../../core/contracts/events";
import { localeOfText, pickLocale } from "../../core/contracts/localized-text";
import { findCategory } from "../../core/domain/categories";
import { inListingOrder } from "../../core/domain/event-order";
import { eventState, placesLeft } from "../../core/domain/event-state";
import { defaultLocale, type Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { eventCategories, eventCategoryTranslations, eventPrices, events, eventSlugs, experiences, forms } from "../db/schema";
import { notFound } from "../errors";
import { sanitizeRichText } from "../rich-text";

type CategoryTranslationRow = typeof eventCategoryTranslations.$inferSelect;

function pickTranslation(rows: CategoryTranslationRow[], locale: Locale): CategoryTranslationRow | undefined {
  return rows.find((row) => row.locale === locale) ?? rows.find((row) => row.locale === defaultLocale) ?? rows[0];
}

/** All event categories in menu order, in `locale`, each with the slugs of every language. */
export async function listCategories(db: Queryable, locale: Locale): Promise<EventCategory[]> {
  const rows = await db
    .select({ category: eventCategories, translation: eventCategoryTranslations })
    .from(eventCategories)
    .innerJoin(eventCategoryTranslations, eq(eventCategoryTranslations.categoryId, eventCategories.id))
    .orderBy(asc(eventCategories.position), asc(eventCategories.id));
  const grouped = new Map<number, CategoryTranslationRow[]>();
  for (const row of rows) grouped.set(row.category.id, [...(grouped.get(row.category.id) ?? []), row.translation]);
  return [...grouped.entries()].flatMap(([id, translations]) => {
    const translation = pickTranslation(translations, locale);
    if (!translation) return [];
    return [
      {
        id,
        name: translation.name,
        slug: translation.slug,
        description: translation.description,
        translations: translations.map((row) => ({ locale: row.locale, name: row.name, slug: row.slug })).sort((a, b) => a.locale.localeCompare(b.locale)),
      },
    ];
  });
}

/**
 * Published events in listing order (`inListingOrder`: bookable first, each state soonest first; issue 32), with what a visitor needs to choose one: localized texts, the
 * "from" price (the main participant's price: the row `bookingPriceLines` charges, kind and key
 * `participant`, so the card never advertises what the booking does not charge; issue 28), places left and the state right now.
 */
export async function listPublicEvents(db: Queryable, locale: Locale, filter: { categoryId?: number }, now: Date): Promise<PublicEvent[]> {
  const conditions = [eq(events.published, true)];
  if (filter.categoryId !== undefined) conditions.push(eq(events.categoryId, filter.categoryId));
  const rows = await db
    .select({
      event: events,
      formId: forms.id,
      slug: eventSlugs.slug,
      priceFrom: sql<number | null>`(
        select ${eventPrices.amountCents} from ${eventPrices}
        where ${eventPrices.eventId} = ${events.id} and ${eventPrices.kind} = 'participant' and ${eventPrices.key} = 'participant'
      )`.mapWith((value: unknown) => (value === null ? null : Number(value))),
    })
    .from(events)
    .leftJoin(forms, eq(forms.eventId, events.id))
    .leftJoin(eventSlugs, and(eq(eventSlugs.eventId, events.id), eq(eventSlugs.locale, locale)))
    .where(and(...conditions))
    .orderBy(asc(events.startsOn), asc(events.id));
  if (rows.length === 0) return [];
  const categories = await listCategories(db, locale);
  const categoryById = new Map(categories.map((category) => [category.id, category]));
  return inListingOrder(
    rows.map(({ event, formId, slug, priceFrom }): PublicEvent => {
      const category = categoryById.get(event.categoryId);
      // An uploaded image wins over the picture's address (decision 040).
      const image = event.image ? responsiveImageOf(event.image) : null;
      return {
        uuid: event.id,
        category: { id: event.categoryId, name: category?.name ?? "", slug: category?.slug ?? String(event.categoryId) },
        // Every event has its slugs (factories, migration 0006's backfill); the uuid is only a safety net.
        slug: slug ?? event.id,
        title: pickLocale(event.title, locale),
        teaser: pickLocale(event.teaser, locale),
        // Event cards render the description as raw HTML; the list is cached, so this runs once per fill.
        description: sanitizeRichText(pickLocale(event.description, locale)),
        location: pickLocale(event.location, locale),
        image_url: image?.src ?? event.imageUrl,
        image,
        image_alt: pickLocale(event.imageAlt, locale),
        starts_on: event.startsOn,
        ends_on: event.endsOn,
        registration_deadline: event.registrationDeadline?.toISOString() ?? null,
        bookable_from: event.bookableFrom?.toISOString() ?? null,
        capacity: event.capacity,
        places_left: placesLeft(event),
        min_participants: event.minParticipants,
        customer_may_cancel: event.cancellationSchedule.customer_may_cancel,
        price_from_cents: priceFrom,
        currency: "EUR",
        state: eventState(event, now),
        form_uuid: formId,
        english_fallbacks: [
          ...(["title", "teaser", "description", "location"] as const).filter((field) => localeOfText(event[field], locale) !== locale),
          // The alt text falls back like the other texts; the image is then marked lang="en" for screen readers.
          ...(localeOfText(event.imageAlt, locale) !== locale ? (["image_alt"] as const) : []),
        ],
      };
    }),
  );
}

/** Events of the category named by `reference` (id or slug); unknown categories are a 404. */
export async function listPublicEventsOfCategory(db: Queryable, locale: Locale, reference: string, now: Date): Promise<PublicEvent[]> {
  const category = findCategory(await listCategories(db, locale), reference, locale);
  if (!category) throw notFound("categoryNotFound");
  return listPublicEvents(db, locale, { categoryId: category.id }, now);
}

export async function listExperiences(db: Queryable, locale: Locale): Promise<Experience[]> {
  const rows = await db.select().from(experiences).orderBy(asc(experiences.position), asc(experiences.createdAt));
  return rows.map((row) => ({
    uuid: row.id,
    image_url: row.imageUrl,
    image_alt: pickLocale(row.imageAlt, locale),
    quote: pickLocale(row.quote, locale),
    name: row.personName,
    event: pickLocale(row.eventName, locale),
  }));
}
