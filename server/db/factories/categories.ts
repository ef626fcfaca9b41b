/** Event categories with their per-language names and slugs (slugs are unique per language). */
import type { Locale } from "../../../core/i18n/locales";

export type CategoryTranslation = { name: string; slug: string; description: string };
/** A category as the demo writes it; the seed saves it through the back office's verb (server/db/demo/catalogue.ts). */
export type CategorySeed<Key extends string = string> = { key: Key; translations: Record<Locale, CategoryTranslation> };
