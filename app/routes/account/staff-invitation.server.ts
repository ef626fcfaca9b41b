import { resetConfirmSchema } from "../../../core/contracts/auth";
import { translatorFor } from "../../../core/i18n/i18n";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/staff-invitation";

/**
 * `/staff-invitation/{token}` (+ /de): the link of an admin's invitation (decision 027). Looking does
 * not spend it; setting the password (the one policy, typed twice) does. The first login then sets up
 * the second factor.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const invited = await web.services.accounts.staffInvitationIsValid(params.token);
  return { locale: pageLocale(url), email: invited?.email ?? null };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const submission = parseLocalized(await request.formData(), resetConfirmSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { done: null });
  try {
    await web.services.accounts.acceptStaffInvitation({ token: params.token, password: submission.value.password, locale });
    return { result: submission.reply(), done: translatorFor(locale)("staffInvitation.done") };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { done: null });
  }
}
