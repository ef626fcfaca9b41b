/**
 * The site's languages, one entry each: its code (also its path prefix and its catalogue folder,
 * core/i18n/locales/<code>/), the BCP 47 tag used for Intl dates, numbers and plurals, and its name
 * as its speakers write it (the language dropdown shows every language in its own words). A new
 * language is its catalogue files plus one entry here; everything else derives from this list
 * (docs/decisions/015-one-i18n-system.md). The first entry is the default language, without a prefix.
 */
export const localeDefinitions = {
  en: { intlTag: "en-GB", nativeName: "English" },
  de: { intlTag: "de-DE", nativeName: "Deutsch" },
} as const satisfies Record<string, { intlTag: string; nativeName: string }>;
