import { resetConfirmSchema } from "../../../core/contracts/auth";
import { translatorFor } from "../../../core/i18n/i18n";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/activate-account";

/**
 * `/activate-account/{token}`: the link of the "activate your account" mail sent when a customer
 * ticked "Create a customer account" while booking (decision 022). Looking does not spend the link
 * (mail scanners open links); setting the password does, under the same policy as registration.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  return { locale: pageLocale(url), linkValid: await web.services.accounts.activationLinkIsValid(params.token) };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const submission = parseLocalized(await request.formData(), resetConfirmSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { done: null });
  try {
    await web.services.accounts.activateAccount({ token: params.token, password: submission.value.password, locale });
    return { result: submission.reply(), done: translatorFor(locale)("activation.done") };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { done: null });
  }
}
