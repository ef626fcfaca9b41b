import type { EventCategory } from "../contracts/events";
import type { Locale } from "../i18n/locales";

/** A category named by numeric id or by its slug in any language (the given language first). */
export function findCategory(categories: EventCategory[], reference: string, locale: Locale): EventCategory | undefined {
  if (/^\d+$/.test(reference)) return categories.find((category) => category.id === Number(reference));
  return (
    categories.find((category) => category.translations.some((t) => t.locale === locale && t.slug === reference)) ??
    categories.find((category) => category.translations.some((t) => t.slug === reference))
  );
}
