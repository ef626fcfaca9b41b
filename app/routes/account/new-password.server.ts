import { resetConfirmSchema } from "../../../core/contracts/auth";
import { translatorFor } from "../../../core/i18n/i18n";
import { AppError } from "../../../server/errors";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/new-password";

/** A used or expired link gets no form that can only fail: the page offers a new link instead. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const linkUsable = await context.get(webContext).services.accounts.resetLinkUsable(params.token);
  return { locale: pageLocale(url), linkUsable };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const submission = parseLocalized(await request.formData(), resetConfirmSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { done: null, linkExpired: false });
  try {
    await web.services.accounts.resetPassword({ token: params.token, password: submission.value.password, locale });
    return { result: submission.reply(), done: translatorFor(locale)("api.resetDone"), linkExpired: false };
  } catch (error) {
    // The link ran out (or was used in another tab) while the form was open.
    const linkExpired = AppError.is(error) && error.messageKey === "linkInvalid";
    return refusedSubmission(submission, error, locale, { done: null, linkExpired });
  }
}
