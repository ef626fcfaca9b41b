import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import type { Env as HonoEnv } from "hono";
import type { FieldErrors } from "../../core/contracts/errors";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { translatorFor } from "../../core/i18n/i18n";
import { defaultLocale, localeFromAcceptLanguage, type Locale } from "../../core/i18n/locales";
import { AppError } from "../errors";
import type { Admission } from "../http/admission";
import { unsafeTextPaths } from "../http/input-guard";
import type { Services } from "../services";

/** `admission`: the process's turns (decision 064), when MAX_REQUESTS_IN_FLIGHT sets a limit. */
export type ApiEnv = HonoEnv & { Variables: { locale: Locale; services: Services; admission: Admission | undefined } };

/** The field error for text PostgreSQL cannot store (NUL, lone surrogates), keyed like zod's own errors. */
export function invalidCharactersError(fields: string[], locale: Locale): AppError {
  const message = translatorFor(locale)("validation.invalidCharacters");
  const fieldErrors: FieldErrors = Object.fromEntries(fields.map((field) => [field, [message]]));
  return new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors });
}

const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result, c) => {
  if (!result.success) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldErrorsOf(result.error, c.var.locale) });
  // What passed the schema reaches the services as is: refuse text no query could take (decision 010).
  const unsafe = unsafeTextPaths(result.data);
  if (unsafe.length === 0) return;
  // No resource is named with such a character: a path parameter carrying one names nothing.
  if (result.target === "param") throw new AppError("NOT_FOUND", "notFound");
  throw invalidCharactersError(unsafe, c.var.locale);
};

export function createApiRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;

/** Every API answer is translated by the request's Accept-Language, English when nothing matches. */
export function localeOfRequest(acceptLanguage: string | undefined): Locale {
  return localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}
