import { z } from "zod";
import type { Locale } from "../i18n/locales";

/** A text in every language of the site; English is always present and is the fallback. */
export const localizedTextSchema = z.object({ en: z.string(), de: z.string().optional() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export function pickLocale(text: LocalizedText, locale: Locale): string {
  return text[locale] ?? text.en;
}
