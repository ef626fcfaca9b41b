import { parseCookie } from "cookie";
import { localeDefinitions } from "./locale-list";

/**
 * The site's languages (core/i18n/locale-list.ts). The first is the default and has no path prefix;
 * every other one lives under its code (`/de`).
 */
export type Locale = keyof typeof localeDefinitions;
export const locales = Object.keys(localeDefinitions) as [Locale, ...Locale[]];
/** The default language, as a type: the texts that may not be missing are in it (core/contracts/localized-text.ts). */
export type DefaultLocale = "en";
export const defaultLocale = locales[0] as DefaultLocale;
if (defaultLocale !== "en") throw new Error("core/i18n/locales.ts: the `DefaultLocale` type names the first entry of the locale list; change both together.");
/** The languages other than the default, each with its own path prefix. */
export const prefixedLocales: readonly Locale[] = locales.filter((locale) => locale !== defaultLocale);

/** Cookie that remembers the visitor's choice (spec §9: `i18n_redirected`, 365 days). */
export const localeCookieName = "i18n_redirected";
export const localeCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** BCP 47 tags used for Intl formatting. */
export const intlLocaleTags = Object.fromEntries(locales.map((locale) => [locale, localeDefinitions[locale].intlTag])) as Record<Locale, string>;

/** Each language's name in its own words, for the language dropdown. */
export const localeNames = Object.fromEntries(locales.map((locale) => [locale, localeDefinitions[locale].nativeName])) as Record<Locale, string>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (locales as readonly string[]).includes(value);
}

/** The locale named by the path prefix, or null when the path has none (the default locale). */
export function localeFromPath(pathname: string): Locale | null {
  const first = pathname.split("/")[1] ?? "";
  return first !== defaultLocale && isLocale(first) ? first : null;
}

/** The path without its locale prefix, always starting with "/". */
export function stripLocalePrefix(pathname: string): string {
  const locale = localeFromPath(pathname);
  if (!locale) return pathname || "/";
  const rest = pathname.slice(locale.length + 1);
  return rest === "" ? "/" : rest;
}

/** `/events` → `/de/events` for German, unchanged for the default language. */
export function localizePath(pathname: string, locale: Locale): string {
  const bare = stripLocalePrefix(pathname);
  if (locale === defaultLocale) return bare;
  return bare === "/" ? `/${locale}` : `/${locale}${bare}`;
}

/**
 * Picks the best supported locale from an Accept-Language header by quality value,
 * matching on the primary subtag (`de-AT` → `de`). Null when nothing matches.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | null {
  if (!header) return null;
  const ranked = header
    .split(",")
    .map((part, position) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = qParam ? Number.parseFloat(qParam.slice(2)) : 1;
      return { primary: tag.trim().toLowerCase().split("-")[0] ?? "", quality: Number.isNaN(quality) ? 0 : quality, position };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const entry of ranked) {
    if (isLocale(entry.primary)) return entry.primary;
  }
  return null;
}

/** One cookie of a `Cookie` header, decoded (the `cookie` package: the first of equal names wins). */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | null {
  if (!cookieHeader) return null;
  return parseCookie(cookieHeader)[name] ?? null;
}

/** Spec §1: the path prefix, else the saved cookie, else the browser language, else English. */
export function preferredLocale(input: { cookieHeader?: string | null; acceptLanguage?: string | null }): Locale {
  const fromCookie = readCookie(input.cookieHeader, localeCookieName);
  if (isLocale(fromCookie)) return fromCookie;
  return localeFromAcceptLanguage(input.acceptLanguage) ?? defaultLocale;
}

export type LocaleDecision = { locale: Locale; redirectTo: string | null };

/**
 * Decides the locale of a page request. A prefixed path always wins; an unprefixed path belongs to
 * the default locale unless the visitor prefers another one, in which case they are redirected to
 * its prefixed equivalent (query string kept).
 */
export function decidePageLocale(url: URL, headers: { cookie?: string | null; acceptLanguage?: string | null }): LocaleDecision {
  const fromPath = localeFromPath(url.pathname);
  if (fromPath) return { locale: fromPath, redirectTo: null };
  const preferred = preferredLocale({ cookieHeader: headers.cookie, acceptLanguage: headers.acceptLanguage });
  if (preferred === defaultLocale) return { locale: defaultLocale, redirectTo: null };
  return { locale: defaultLocale, redirectTo: localizePath(url.pathname, preferred) + url.search };
}
