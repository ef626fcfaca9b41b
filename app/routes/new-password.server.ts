import { resetConfirmSchema } from "../../core/contracts/auth";
import { translatorFor } from "../../core/i18n/i18n";
import { webContext } from "../../server/load-context";
import { parseLocalized } from "../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../utils/account-forms.server";
import { pageLocale } from "../utils/auth.server";
import type { Route } from "./+types/new-password";

export function loader({ request }: Route.LoaderArgs) {
  return { locale: pageLocale(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(request);
  const submission = parseLocalized(await request.formData(), resetConfirmSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { done: null });
  try {
    await web.services.accounts.resetPassword(params.token, submission.value.password, locale);
    return { result: submission.reply(), done: translatorFor(locale)("api.resetDone") };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { done: null });
  }
}
