import { z } from "zod";
import type { Locale } from "../i18n/locales";

/** A text in every language of the site; English is always present and is the fallback. */
export const localizedTextSchema = z.object({ en: z.string(), de: z.string().optional() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** The text in `locale`; a missing or blank translation falls back to English, never to nothing (decision 034). */
export function pickLocale(text: LocalizedText, locale: Locale): string {
  return localeOfText(text, locale) === locale ? (text[locale] ?? text.en) : text.en;
}

/** The language `pickLocale` actually answers in: `locale`, or English where the translation is missing. */
export function localeOfText(text: LocalizedText, locale: Locale): Locale {
  const translated = text[locale];
  return translated !== undefined && translated.trim() !== "" ? locale : "en";
}
