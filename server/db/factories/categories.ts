/** Event categories with their per-language names and slugs (slugs are unique per language). */
import type { Locale } from "../../../core/i18n/locales";
import type { Transaction } from "../client";
import { eventCategories, eventCategoryTranslations } from "../schema";

export type CategoryTranslation = { name: string; slug: string; description: string };
export type CategorySeed<Key extends string = string> = { key: Key; translations: Record<Locale, CategoryTranslation> };

/** Inserts the categories in the given menu order; answers their ids by key. */
export async function insertCategories<Key extends string>(tx: Transaction, categories: readonly CategorySeed<Key>[]): Promise<Record<Key, number>> {
  const ids = new Map<Key, number>();
  for (const [index, category] of categories.entries()) {
    const [row] = await tx
      .insert(eventCategories)
      .values({ position: index + 1 })
      .returning({ id: eventCategories.id });
    if (!row) throw new Error(`Seeding category ${category.key} returned no id.`);
    ids.set(category.key, row.id);
    await tx.insert(eventCategoryTranslations).values(
      (Object.entries(category.translations) as [Locale, CategoryTranslation][]).map(([locale, translation]) => ({
        categoryId: row.id,
        locale,
        ...translation,
      })),
    );
  }
  return Object.fromEntries(ids) as Record<Key, number>;
}
