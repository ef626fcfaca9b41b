import { redirect } from "react-router";
import { deleteProfileSchema } from "../../../core/contracts/auth";
import { localizePath } from "../../../core/i18n/locales";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale, requireUser, sessionActor } from "../../utils/auth.server";
import { clearedSessionCookies, withCookies } from "../../utils/session.server";
import type { Route } from "./+types/delete-profile";
import { webContext } from "../../../server/load-context";

export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  await requireUser(url, web);
  return { locale: pageLocale(url) };
}

/** The same call as `DELETE api/settings/user/{uuid}`: only with the current password (issue 32). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const user = await requireUser(url, web);
  const locale = pageLocale(url);
  const submission = parseLocalized(await request.formData(), deleteProfileSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, {});
  try {
    await web.services.accounts.deleteUser(await sessionActor(url, web), {
      userId: user.uuid,
      password: submission.value.password,
      locale,
      clientAddress: web.clientAddress,
    });
  } catch (error) {
    return refusedSubmission(submission, error, locale, {});
  }
  return redirect(localizePath("/settings/delete-success", locale), { headers: withCookies(clearedSessionCookies(request)) });
}
