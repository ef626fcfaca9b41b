import countries from "i18n-iso-countries";
import countriesDe from "i18n-iso-countries/langs/de.json";
import countriesEn from "i18n-iso-countries/langs/en.json";
import type { Locale } from "../core/i18n/locales";

countries.registerLocale(countriesEn);
countries.registerLocale(countriesDe);

export type CountryOption = { code: string; name: string };

const cache = new Map<Locale, CountryOption[]>();

/** ISO 3166 countries with their names in `locale`, sorted as a reader of that language expects. */
export function countryOptions(locale: Locale): CountryOption[] {
  const cached = cache.get(locale);
  if (cached) return cached;
  const options = Object.entries(countries.getNames(locale, { select: "official" }))
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  cache.set(locale, options);
  return options;
}

/** A country's name in `locale` when given its ISO code (`DE` → "Deutschland"); other text as it is. */
export function countryName(value: string, locale: Locale): string {
  return /^[A-Z]{2}$/.test(value) ? (countries.getName(value, locale) ?? value) : value;
}
