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
export function pluralText(forms: { one: string; other: string }, count: number, locale: Locale): string {
  const category = new Intl.PluralRules(intlLocaleTags[locale]).select(count);
  return fillText(category === "one" ? forms.one : forms.other, { count });
}
