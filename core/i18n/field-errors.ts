import { z, type ZodError } from "zod";
import type { FieldErrors } from "../contracts/errors";
import { i18nFor, translatorFor } from "./i18n";
import { defaultLocale, type Locale } from "./locales";
import type common from "./locales/en/common.json";

type ZodLocaleError = ReturnType<typeof z.locales.en>["localeError"];

// zod ships an error map per language under the language's code; a locale zod lacks reads English.
const zodLocales = z.locales as unknown as Record<string, (() => { localeError: ZodLocaleError }) | undefined>;
const zodMessages = new Map<Locale, ZodLocaleError>();
function zodMessagesOf(locale: Locale): ZodLocaleError {
  let messages = zodMessages.get(locale);
  if (!messages) {
    messages = (zodLocales[locale] ?? z.locales.en)().localeError;
    zodMessages.set(locale, messages);
  }
  return messages;
}

type ValidationKey = `validation.${keyof (typeof common)["validation"]}`;

/** Asked of the page's own catalogue: the browser holds only that one (core/i18n/i18n.ts). */
export function isValidationKey(message: string, locale: Locale = defaultLocale): message is ValidationKey {
  return message.startsWith("validation.") && i18nFor(locale).exists(message);
}

/**
 * Our own messages are catalogue keys (`validation.required`); everything else comes from zod's locale.
 * A text over its limit says the limit: the contract's `max` is the issue's `maximum`, given to the
 * text as i18next's `count` ("at most 120 characters"; issue 32).
 */
export function issueMessage(issue: ZodError["issues"][number], locale: Locale): string {
  if (isValidationKey(issue.message, locale)) {
    const limit = issue.code === "too_big" && issue.origin === "string" ? { count: Number(issue.maximum) } : undefined;
    return translatorFor(locale)(issue.message, limit);
  }
  const localized = zodMessagesOf(locale)(issue as Parameters<ZodLocaleError>[0]);
  return typeof localized === "string" ? localized : (localized?.message ?? issue.message);
}

/** `{ "email": ["Email already exists."] }`: the spec's errors object, an array of messages per field, in `locale`. */
export function fieldErrorsOf(error: ZodError, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    (errors[key] ??= []).push(issueMessage(issue, locale));
  }
  return errors;
}

/** One field's error from a catalogue key, for rules checked outside zod (taken e-mail, weak password); `count` for a limit. */
export function fieldError(field: string, key: ValidationKey, locale: Locale, values?: { count: number }): FieldErrors {
  return { [field]: [translatorFor(locale)(key, values)] };
}
