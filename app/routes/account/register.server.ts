import { registerFormSchema } from "../../../core/contracts/auth";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale, requireGuest } from "../../utils/auth.server";
import type { Route } from "./+types/register";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireGuest(url, context.get(webContext));
  return { locale: pageLocale(url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const submission = parseLocalized(await request.formData(), registerFormSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { sentTo: null });
  try {
    await web.services.accounts.register({ request: { ...submission.value, name: null, locale }, locale, clientAddress: web.clientAddress });
    return { result: submission.reply(), sentTo: submission.value.email };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { sentTo: null });
  }
}
