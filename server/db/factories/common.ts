/** Small building blocks the data factories share: two-language texts and dates in the operator's time zone. */
import { randomBytes } from "node:crypto";
import { operatorTimeZone, type IsoDate } from "../../../core/domain/dates";
import { defaultLocale, locales, type DefaultLocale, type Locale } from "../../../core/i18n/locales";
import { sanitizeRichText } from "../../rich-text";

/** Seeded texts always exist in both languages, so unlike `LocalizedText` German is not optional. */
export type Text = { en: string; de: string };
export const t = (en: string, de: string): Text => ({ en, de });
export const richText = (en: string, de: string): Text => ({ en: sanitizeRichText(en), de: sanitizeRichText(de) });

/**
 * A seeded value for every language of the list (core/i18n/locale-list.ts), where a contract asks for
 * every one (the site settings' texts, a page's translations): a language the seed has no text for
 * gets the default language's, which the operator then translates in the back office (decision 072).
 */
export function inEveryListedLocale<T>(seeded: { [K in DefaultLocale]: T } & Partial<Record<Locale, T>>): Record<Locale, T> {
  return Object.fromEntries(locales.map((locale) => [locale, seeded[locale] ?? seeded[defaultLocale]])) as Record<Locale, T>;
}

const dayMs = 24 * 60 * 60 * 1000;
export const shiftDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * dayMs);

/** Deadlines and sales starts are announced in the operator's wall-clock time, so build them there. */
export function operatorInstant(date: IsoDate, time: string): Date {
  const wallClockAsUtc = new Date(`${date}T${time}:00Z`);
  return new Date(wallClockAsUtc.getTime() - operatorOffsetMinutes(wallClockAsUtc) * 60_000);
}

function operatorOffsetMinutes(instant: Date): number {
  const zoneName = new Intl.DateTimeFormat("en-US", { timeZone: operatorTimeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = zoneName ? /^GMT([+-])(\d{2}):(\d{2})$/.exec(zoneName) : null;
  // Plain "GMT" means no offset.
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

export const randomHex = (bytes: number): string => randomBytes(bytes).toString("hex");
