import { operatorTimeZone } from "../../core/domain/dates";
import { intlLocaleTags, type Locale } from "../../core/i18n/locales";
import de from "./locales/de.json";
import en from "./locales/en.json";

/** The operator's name as it appears in every e-mail; a brand, so never translated. */
export const operatorBrand = "Trackside & Fairway Events";

export type EmailCatalogue = typeof en;

/**
 * E-mail texts live apart from the site's catalogues (core/i18n/locales) because they are rendered only
 * on the server and another feature owns those files. Typing `de` as the English shape makes a key
 * missing in German a compile error; tests/api/email-rendering.test.ts also checks the reverse.
 */
export const emailCatalogues: Record<Locale, EmailCatalogue> = { en, de };

export type TextValues = Record<string, string | number>;

/**
 * Replaces `{{name}}` placeholders. A placeholder without a value throws rather than reaching a
 * customer as literal braces. `brand` is always available.
 */
export function fillText(text: string, values: TextValues = {}): string {
  const all: TextValues = { brand: operatorBrand, ...values };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, key: string) => {
    const value = all[key];
    if (value === undefined) throw new Error(`E-mail text "${text}" needs a value for {{${key}}}.`);
    return String(value);
  });
}

/** Picks the plural form by the language's rules (English and German both need only one/other). */
export function pluralText(forms: { one: string; other: string }, count: number, locale: Locale, values: TextValues = {}): string {
  const category = new Intl.PluralRules(intlLocaleTags[locale]).select(count);
  return fillText(category === "one" ? forms.one : forms.other, { ...values, count });
}

/**
 * A deadline in the operator's time zone with the zone written out (`15 March 2026 at 14:30 CET`,
 * `15. März 2026 um 14:30 MEZ`): the reader may be elsewhere, and the hour decides whether the places
 * are still theirs.
 */
export function formatDeadline(instant: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleTags[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: operatorTimeZone,
  }).format(new Date(instant));
}
