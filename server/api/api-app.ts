import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import type { Env as HonoEnv } from "hono";
import { fieldErrorsOf } from "../../core/i18n/field-errors";
import { defaultLocale, localeFromAcceptLanguage, type Locale } from "../../core/i18n/locales";
import { AppError } from "../errors";
import type { Services } from "../services";

export type ApiEnv = HonoEnv & { Variables: { locale: Locale; services: Services } };

const validationHook: Hook<unknown, ApiEnv, string, unknown> = (result, c) => {
  if (!result.success) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldErrorsOf(result.error, c.var.locale) });
};

export function createApiRouter() {
  return new OpenAPIHono<ApiEnv>({ defaultHook: validationHook });
}

export type ApiRouter = ReturnType<typeof createApiRouter>;

/** Every API answer is translated by the request's Accept-Language, English when nothing matches. */
export function localeOfRequest(acceptLanguage: string | undefined): Locale {
  return localeFromAcceptLanguage(acceptLanguage) ?? defaultLocale;
}
