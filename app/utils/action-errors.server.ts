import { data } from "react-router";
import type { FieldErrors } from "../../core/contracts/errors";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";

/**
 * A form action's answer to a failure from the services: field errors next to their fields, any
 * other known error as the message above the form, with the status the API would give.
 */
export function actionFailure(error: unknown, locale: Locale) {
  if (!AppError.is(error)) throw error;
  const response = error.toResponse(locale);
  const errors: FieldErrors = response.errors ?? {};
  return data({ errors, message: response.errors ? null : response.message }, error.status);
}
