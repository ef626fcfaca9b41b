/** Event categories with their per-language names and slugs (slugs are unique per language). */
import type { DefaultLocale, Locale } from "../../../core/i18n/locales";

export type CategoryTranslation = { name: string; slug: string; description: string };
/**
 * A category as the demo writes it; the seed saves it through the back office's verb (server/db/demo/catalogue.ts).
 * A language of the list without a translation here is saved untranslated (its visitors see the English one).
 */
export type CategorySeed<Key extends string = string> = {
  key: Key;
  translations: { [K in DefaultLocale]: CategoryTranslation } & Partial<Record<Locale, CategoryTranslation>>;
};
