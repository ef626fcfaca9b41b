import { z } from "zod";
import { defaultLocale, locales, type DefaultLocale, type Locale } from "../i18n/locales";

/**
 * A text in the languages of the list (core/i18n/locale-list.ts): the default language's is always
 * there and is the fallback; another language's may be missing while it is being translated.
 */
export type LocalizedText = { [K in DefaultLocale]: string } & { [K in Exclude<Locale, DefaultLocale>]?: string };

type LocalizedTextShape = { [K in Locale]: K extends DefaultLocale ? z.ZodString : z.ZodOptional<z.ZodString> };

/** One key per language of the list: the default language's required, every other one optional. */
export const localizedTextSchema = z.object(
  Object.fromEntries(locales.map((locale) => [locale, locale === defaultLocale ? z.string() : z.string().optional()])) as LocalizedTextShape,
);

/**
 * An object with one required entry per language of the list, each validated by `each`: for texts
 * that may not fall back to the default language (the site settings' support hours, say).
 */
export function inEveryLocale<T extends z.ZodType>(each: (locale: Locale) => T): z.ZodObject<Record<Locale, T>> {
  return z.object(Object.fromEntries(locales.map((locale) => [locale, each(locale)])) as Record<Locale, T>);
}

/** A text with an empty entry for every language of the list: what a new field of the form builder starts from. */
export function emptyLocalizedText(): Record<Locale, string> {
  return everyLocale(null);
}

/** Every language's text, empty where there is none (the back office's side-by-side fields). */
export function everyLocale(text: LocalizedText | null | undefined): Record<Locale, string> {
  return Object.fromEntries(locales.map((locale) => [locale, text?.[locale] ?? ""])) as Record<Locale, string>;
}

/** The text in `locale`; a missing or blank translation falls back to the default language, never to nothing (decision 034). */
export function pickLocale(text: LocalizedText, locale: Locale): string {
  return localeOfText(text, locale) === locale ? (text[locale] ?? text[defaultLocale]) : text[defaultLocale];
}

/** The language `pickLocale` actually answers in: `locale`, or the default language where the translation is missing. */
export function localeOfText(text: LocalizedText, locale: Locale): Locale {
  const translated = text[locale];
  return translated !== undefined && translated.trim() !== "" ? locale : defaultLocale;
}
