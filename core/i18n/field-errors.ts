import { z, type ZodError } from "zod";
import type { FieldErrors } from "../contracts/errors";
import { translatorFor } from "./i18n";
import type { Locale } from "./locales";
import en from "./locales/en.json";

const zodMessages: Record<Locale, ReturnType<typeof z.locales.en>["localeError"]> = {
  en: z.locales.en().localeError,
  de: z.locales.de().localeError,
};

type ValidationKey = `validation.${keyof (typeof en)["validation"]}`;

export function isValidationKey(message: string): message is ValidationKey {
  return message.startsWith("validation.") && message.slice("validation.".length) in en.validation;
}

/** Our own messages are catalogue keys (`validation.required`); everything else comes from zod's locale. */
export function issueMessage(issue: ZodError["issues"][number], locale: Locale): string {
  if (isValidationKey(issue.message)) return translatorFor(locale)(issue.message);
  const localized = zodMessages[locale](issue as Parameters<(typeof zodMessages)["en"]>[0]);
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

/** One field's error from a catalogue key, for rules checked outside zod (taken e-mail, weak password). */
export function fieldError(field: string, key: ValidationKey, locale: Locale): FieldErrors {
  return { [field]: [translatorFor(locale)(key)] };
}
