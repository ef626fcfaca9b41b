import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import type { Env as HonoEnv } from "hono";
import { z, type ZodError } from "zod";
import type { FieldErrors } from "../../core/contracts/errors";
import { defaultLocale, localeFromAcceptLanguage, type Locale } from "../../core/i18n/locales";
import { AppError } from "../errors";
import type { Services } from "../services";

export type ApiEnv = HonoEnv & { Variables: { locale: Locale; services: Services } };

const zodMessages: Record<Locale, ReturnType<typeof z.locales.en>["localeError"]> = {
  en: z.locales.en().localeError,
  de: z.locales.de().localeError,
};

/** `{ "category": ["Too long"] }`: the spec's errors object, one array of messages per field, in `locale`. */
export function fieldErrorsOf(error: ZodError, locale: Locale): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    const localized = zodMessages[locale](issue as Parameters<(typeof zodMessages)["en"]>[0]);
    const message = typeof localized === "string" ? localized : (localized?.message ?? issue.message);
    (errors[key] ??= []).push(message);
  }
  return errors;
}

const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result, c) => {
  if (!result.success) throw new AppError("VALIDATION_FAILED", "invalidRequest", fieldErrorsOf(result.error, c.var.locale));
};

export function createApiRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;

/** Every API answer is translated by the request's Accept-Language, English when nothing matches. */
export function localeOfRequest(acceptLanguage: string | undefined): Locale {
  return localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}
