import countries, { type LocaleData } from "i18n-iso-countries";
import { defaultLocale, type Locale } from "./locales";

/**
 * Country names, the one place for them (web and server): ISO 3166 codes with names from
 * `i18n-iso-countries`, in the site's languages. The names of a locale are that package's
 * `langs/<locale>.json`; on the server they are read the first time a locale is asked for, so a new
 * language needs nothing here. A browser bundle registers the names it ships with `registerCountryNames`.
 */
export type CountryOption = { code: string; name: string };

const registered = new Set<string>();

export function registerCountryNames(localeData: LocaleData): void {
  countries.registerLocale(localeData);
  registered.add(localeData.locale);
}

const missing = new Set<string>();

/** The locale whose names are used: `locale` when the package has them, else the default language's. */
function namesLocale(locale: Locale): Locale {
  if (typeof window === "undefined") {
    for (const candidate of [locale, defaultLocale]) {
      if (registered.has(candidate) || missing.has(candidate)) continue;
      const { createRequire } = process.getBuiltinModule("node:module");
      try {
        registerCountryNames(createRequire(import.meta.url)(`i18n-iso-countries/langs/${candidate}.json`) as LocaleData);
      } catch {
        missing.add(candidate);
      }
    }
  }
  return registered.has(locale) ? locale : defaultLocale;
}

/** Whether `code` is an ISO 3166-1 alpha-2 code (`DE`), the form the booking form stores. */
export function isCountryCode(code: string): boolean {
  return /^[A-Z]{2}$/.test(code) && countries.isValid(code);
}

const optionsCache = new Map<Locale, CountryOption[]>();

/** ISO 3166 countries with their names in `locale`, sorted as a reader of that language expects. */
export function countryOptions(locale: Locale): CountryOption[] {
  const cached = optionsCache.get(locale);
  if (cached) return cached;
  const options = Object.entries(countries.getNames(namesLocale(locale), { select: "official" }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  optionsCache.set(locale, options);
  return options;
}

/**
 * A country's name in `locale` when given its ISO code (`DE` → "Deutschland", `gb` → "United
 * Kingdom"); any other text (a country typed out before codes were stored) as it is.
 */
export function countryName(value: string, locale: Locale): string {
  const trimmed = value.trim();
  if (!/^[A-Za-z]{2}$/.test(trimmed)) return trimmed;
  return countries.getName(trimmed.toUpperCase(), namesLocale(locale)) ?? trimmed;
}

