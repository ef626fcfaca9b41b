import { data } from "react-router";
import type { Submission } from "@conform-to/react";
import type { Locale } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import { resetConfirmSchema } from "../../core/contracts/auth";
import { parseLocalized, secretFields } from "./account-forms";

/** An account form's post that failed its schema: the errors per field, the typed values but no password (422 as before). */
export function invalidSubmission<Extra extends object>(submission: Submission<unknown, string[]>, extra: Extra) {
  return data({ ...extra, result: submission.reply({ hideFields: secretFields }) }, 422);
}

/**
 * A refusal from the services: field errors next to their fields, any other known error as the
 * message above the form, with the status the API would give. Anything else is a 500.
 */
export function refusedSubmission<Extra extends object>(submission: Submission<unknown, string[]>, error: unknown, locale: Locale, extra: Extra) {
  if (!AppError.is(error)) throw error;
  const response = error.toResponse(locale);
  const result = response.errors
    ? submission.reply({ fieldErrors: response.errors, hideFields: secretFields })
    : submission.reply({ formErrors: [response.message], hideFields: secretFields });
  return data({ ...extra, result }, error.status);
}

/**
 * The post of a page that sets a password through a mailed link (a reset, an account's activation, a
 * staff invitation): the one policy typed twice, then the link's own verb. `done` is the text shown
 * once it worked; `extra` adds what the page needs to know about a refusal (null when none).
 */
export async function setPasswordThroughLink<Extra extends object>(
  request: Request,
  locale: Locale,
  link: { setPassword: (password: string) => Promise<unknown>; done: string; extra: (refusal: unknown) => Extra },
) {
  const submission = parseLocalized(await request.formData(), resetConfirmSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { ...link.extra(null), done: null });
  try {
    await link.setPassword(submission.value.password);
    return { ...link.extra(null), result: submission.reply(), done: link.done };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { ...link.extra(error), done: null });
  }
}
