import { useLocation, useMatches } from "react-router";
import { locales, localizePath, type Locale } from "../../core/i18n/locales";

export type Alternates = Record<Locale, string>;

function hasAlternates(data: unknown): data is { alternates: Alternates } {
  return typeof data === "object" && data !== null && "alternates" in data && typeof (data as { alternates: unknown }).alternates === "object";
}

/** The same path in every language, prefix swapped, query kept. */
export function defaultAlternates(pathname: string, search: string): Alternates {
  return Object.fromEntries(locales.map((locale) => [locale, localizePath(pathname, locale) + search])) as Alternates;
}

/**
 * Where the current page lives in each language. Pages whose slugs are translated (content pages,
 * categories) return `alternates` from their loader; every other page just swaps the prefix.
 */
export function useAlternates(): Alternates {
  const location = useLocation();
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const data = matches[index]?.loaderData;
    if (hasAlternates(data)) return data.alternates;
  }
  return defaultAlternates(location.pathname, location.search);
}
