import type { ParseKeys } from "i18next";
import { formatDeadline, operatorTimeZone } from "../../core/domain/dates";
import { namespaceTranslatorFor, operatorBrand } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";

export { operatorBrand };
// The templates write deadlines the way the pages do (core/domain/dates.ts).
export { formatDeadline };

export type EmailTextKey = ParseKeys<"email">;
export type TextValues = Record<string, string | number>;
export type EmailText = (key: EmailTextKey, values?: TextValues) => string;

/**
 * Staff's reworded texts (decision 037) of the mail being rendered, by catalogue key. A scope of the
 * render rather than a parameter: every template and its subject function read their texts through
 * `emailText(locale)`, and threading the overrides through twenty templates would touch each one for
 * no gain. Only `renderEmail` sets it, around one render.
 *
 * A plain variable, not an AsyncLocalStorage: a mail renders synchronously (renderToString), so no
 * other render can run inside the scope. On Node 20 the first AsyncLocalStorage.run() switches on
 * promise hooks for the whole process, which then cost every promise of every request (≈ 2 % of a
 * sale rush's CPU, decision 065).
 */
let overriddenTexts: ReadonlyMap<string, string> | undefined;

/** Runs `render` (synchronous) with `texts` (catalogue key → final text) in place of the catalogue's. */
export function withOverriddenTexts<T>(texts: ReadonlyMap<string, string>, render: () => T): T {
  const outer = overriddenTexts;
  overriddenTexts = texts;
  try {
    const rendered = render();
    if (rendered instanceof Promise) throw new Error("withOverriddenTexts renders synchronously: its texts would not reach what runs after an await");
    return rendered;
  } finally {
    overriddenTexts = outer;
  }
}

/**
 * The e-mail texts' `t`: the catalogue namespace `email` (core/i18n/locales/<locale>/email.json) in
 * the recipient's language, with `brand` always available and plurals chosen by i18next from
 * `count`. A placeholder left without a value throws rather than reaching a customer as literal braces.
 */
export function emailText(locale: Locale): EmailText {
  const t = namespaceTranslatorFor(locale, "email");
  const fixed = fixedTextsOf(locale);
  return (key, values = {}) => {
    // Staff's own wording wins; it was resolved already (its placeholders filled, missing ones empty).
    const overridden = overriddenTexts?.get(key);
    if (overridden !== undefined) return overridden;
    // A text without values is the same for every mail: i18next's lookup and interpolation once per key.
    const valueless = Object.keys(values).length === 0;
    const known = valueless ? fixed.get(key) : undefined;
    if (known !== undefined) return known;
    const text = String(t(key, { ...values }));
    const unfilled = /\{\{\s*(\w+)\s*\}\}/.exec(text);
    if (unfilled) throw new Error(`E-mail text "${key}" needs a value for {{${unfilled[1]}}}.`);
    if (valueless) fixed.set(key, text);
    return text;
  };
}

/** The catalogue's texts that take no values, per language, as `emailText` gave them (bounded by the catalogue's keys). */
const fixedTexts = new Map<Locale, Map<string, string>>();
function fixedTextsOf(locale: Locale): Map<string, string> {
  let texts = fixedTexts.get(locale);
  if (!texts) fixedTexts.set(locale, (texts = new Map()));
  return texts;
}

/**
 * The last minute of a due date in the operator's time zone, written like `formatDeadline`
 * (`15 March 2026 at 23:59 CET`): a date alone leaves a reader abroad guessing which midnight.
 */
export function formatEndOfDayDeadline(isoDate: string, locale: Locale): string {
  // 23:59 in Berlin is 22:59 UTC in winter (CET) and 21:59 UTC in summer (CEST): take the one that reads 23:59 there.
  const wallClock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: operatorTimeZone });
  const candidates = ["22:59", "21:59"].map((utc) => new Date(`${isoDate}T${utc}:00.000Z`));
  const instant = candidates.find((candidate) => wallClock.format(candidate) === "23:59") ?? candidates[0];
  return formatDeadline((instant ?? new Date(`${isoDate}T22:59:00.000Z`)).toISOString(), locale);
}
