import type { ParseKeys } from "i18next";
import { operatorTimeZone } from "../../core/domain/dates";
import { namespaceTranslatorFor, operatorBrand } from "../../core/i18n/i18n";
import { intlLocaleTags, type Locale } from "../../core/i18n/locales";

export { operatorBrand };

export type EmailTextKey = ParseKeys<"email">;
export type TextValues = Record<string, string | number>;
export type EmailText = (key: EmailTextKey, values?: TextValues) => string;

/**
 * The e-mail texts' `t`: the catalogue namespace `email` (core/i18n/locales/<locale>/email.json) in
 * the recipient's language, with `brand` always available and plurals chosen by i18next from
 * `count`. A placeholder left without a value throws rather than reaching a customer as literal braces.
 */
export function emailText(locale: Locale): EmailText {
  const t = namespaceTranslatorFor(locale, "email");
  return (key, values = {}) => {
    const text = String(t(key, { ...values }));
    const unfilled = /\{\{\s*(\w+)\s*\}\}/.exec(text);
    if (unfilled) throw new Error(`E-mail text "${key}" needs a value for {{${unfilled[1]}}}.`);
    return text;
  };
}

/**
 * A deadline in the operator's time zone with the zone written out (`15 March 2026 at 14:30 CET`,
 * `15. März 2026 um 14:30 MEZ`): the reader may be elsewhere, and the hour decides whether the places
 * are still theirs.
 */
export function formatDeadline(instant: string, locale: Locale): string {
  return new Intl.DateTimeFormat(intlLocaleTags[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
    timeZone: operatorTimeZone,
  }).format(new Date(instant));
}
