/**
 * The back office's catalogue rules (decision 034), pure: which translations an event or category
 * still lacks, and whether a capacity or a resource's stock may be lowered to what staff ask.
 */
import { defaultLocale, locales, type Locale } from "../i18n/locales";

/** A text in some languages; a language whose text is missing or blank is "to translate". */
export type TextsByLocale = Partial<Record<Locale, string | null | undefined>>;

const blank = (text: string | null | undefined) => text === undefined || text === null || text.trim() === "";

/**
 * Every `<field>.<locale>` whose English text is there but this language's is not, in field order.
 * A text empty in English too (an optional teaser) is nothing to translate.
 */
export function missingTranslations(fields: ReadonlyArray<readonly [string, TextsByLocale]>): string[] {
  const missing: string[] = [];
  for (const [field, texts] of fields) {
    if (blank(texts[defaultLocale])) continue;
    for (const locale of locales) {
      if (locale !== defaultLocale && blank(texts[locale])) missing.push(`${field}.${locale}`);
    }
  }
  return missing;
}

/** The languages an event still lacks a text in (the completeness mark: complete when empty). */
export function localesMissing(missing: readonly string[]): Locale[] {
  return locales.filter((locale) => missing.some((path) => path.endsWith(`.${locale}`)));
}

/** A capacity may not drop below the places already held or sold. */
export function capacityAllows(capacity: number, placesTaken: number): boolean {
  return capacity >= placesTaken;
}

/** A resource's stock (null: unlimited) may not drop below what bookings use of it. */
export function stockAllows(stock: number | null, used: number): boolean {
  return stock === null || stock >= used;
}

/** Whole days from one ISO date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A category's name in the page's language, or the English one; `fallback` then tells the page to
 * mark it `lang="en"` (the categories page, the events list's filter, the event editor's choice).
 */
export function categoryNameIn(
  category: { id: number; translations: Partial<Record<Locale, { name: string } | null>> },
  locale: Locale,
): { name: string; fallback: boolean } {
  const own = category.translations[locale]?.name;
  if (own) return { name: own, fallback: false };
  return { name: category.translations[defaultLocale]?.name || String(category.id), fallback: locale !== defaultLocale };
}
