import { asc, count, eq } from "drizzle-orm";
import type { StaffCategory } from "../../../core/contracts/staff-catalogue";
import { missingTranslations } from "../../../core/domain/catalogue-rules";
import { locales, type Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { eventCategories, eventCategoryTranslations, events } from "../../db/schema";

type TranslationRow = typeof eventCategoryTranslations.$inferSelect;

/** A category for the back office: each language's translation (null where there is none), its events, what is missing. */
export function toStaffCategory(id: number, position: number, translations: TranslationRow[], eventCount: number): StaffCategory {
  const of = (locale: Locale) => translations.find((row) => row.locale === locale);
  return {
    id,
    position,
    translations: Object.fromEntries(
      locales.map((locale) => {
        const row = of(locale);
        return [locale, row ? { name: row.name, slug: row.slug, description: row.description } : null];
      }),
    ) as StaffCategory["translations"],
    events: eventCount,
    missing_translations: missingTranslations([
      ["translations.name", Object.fromEntries(locales.map((locale) => [locale, of(locale)?.name]))],
      ["translations.description", Object.fromEntries(locales.map((locale) => [locale, of(locale)?.description]))],
    ]),
  };
}

/** Every category in menu order (or the one asked for), with its translations and number of events. */
export async function staffCategoryRecords(db: Queryable, onlyId?: number): Promise<StaffCategory[]> {
  const categoryRows = await db
    .select({ id: eventCategories.id, position: eventCategories.position })
    .from(eventCategories)
    .where(onlyId === undefined ? undefined : eq(eventCategories.id, onlyId))
    .orderBy(asc(eventCategories.position), asc(eventCategories.id));
  if (categoryRows.length === 0) return [];
  const [translations, counts] = await Promise.all([
    db.select().from(eventCategoryTranslations),
    db.select({ categoryId: events.categoryId, events: count() }).from(events).groupBy(events.categoryId),
  ]);
  return categoryRows.map(({ id, position }) =>
    toStaffCategory(
      id,
      position,
      translations.filter((row) => row.categoryId === id),
      counts.find((row) => row.categoryId === id)?.events ?? 0,
    ),
  );
}
