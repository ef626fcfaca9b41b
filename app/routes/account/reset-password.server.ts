import { resetRequestSchema } from "../../../core/contracts/auth";
import { translatorFor } from "../../../core/i18n/i18n";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale } from "../../utils/auth.server";
import type { Route } from "./+types/reset-password";

export function loader({ url }: Route.LoaderArgs) {
  return { locale: pageLocale(url) };
}

/** Always the same answer: nobody learns from it whether an address has an account. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const submission = parseLocalized(await request.formData(), resetRequestSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { sent: null });
  try {
    await web.services.accounts.requestPasswordReset({ email: submission.value.email, locale, clientAddress: web.clientAddress });
    return { result: submission.reply(), sent: translatorFor(locale)("api.resetSent") };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { sent: null });
  }
}
