import { data } from "react-router";
import { changePasswordSchema, profileFormSchema, registrationName, type UpdateSettings, type User } from "../../../core/contracts/auth";
import type { Locale } from "../../../core/i18n/locales";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale, requireUser, sessionActor } from "../../utils/auth.server";
import { sessionCookies, withCookies } from "../../utils/session.server";
import type { Route } from "./+types/settings";

export type Intent = "profile" | "password";

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = await requireUser(url, context.get(webContext));
  return { locale: pageLocale(url), user };
}

/** The profile form asks for first and last name only: the account's name is made of them, as at registration. */
function profileSettings(form: FormData, locale: Locale) {
  const submission = parseLocalized(form, profileFormSchema, locale);
  if (submission.status !== "success") return { submission, settings: null };
  const { first_name, last_name } = submission.value;
  const settings: UpdateSettings = { ...submission.value, name: registrationName({ name: null, first_name, last_name }) };
  return { submission, settings };
}

/** The password form changes only the password: the name and address stay the account's. */
function passwordSettings(form: FormData, locale: Locale, user: User) {
  const submission = parseLocalized(form, changePasswordSchema, locale);
  const { name, first_name, last_name, email } = user;
  const settings: UpdateSettings | null = submission.status === "success" ? { name, first_name, last_name, email, ...submission.value } : null;
  return { submission, settings };
}

/** Both forms go through the same settings call as the API (`PUT api/settings/user/{uuid}`). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const user = await requireUser(url, web);
  const locale = pageLocale(url);
  const form = await request.formData();
  const intent: Intent = form.get("intent") === "password" ? "password" : "profile";
  const { submission, settings } = intent === "profile" ? profileSettings(form, locale) : passwordSettings(form, locale, user);
  if (!settings) return invalidSubmission(submission, { intent, saved: false });
  try {
    await web.services.accounts.updateUser(await sessionActor(url, web), { userId: user.uuid, settings, locale, clientAddress: web.clientAddress });
    if (intent === "password") {
      // Changing the password ended every session, this one too: continue in a fresh one.
      const tokens = await web.services.accounts.startSession(user.uuid);
      return data({ intent, result: submission.reply(), saved: true }, { headers: withCookies(sessionCookies(request, tokens)) });
    }
    return { intent, result: submission.reply(), saved: true };
  } catch (error) {
    return refusedSubmission(submission, error, locale, { intent, saved: false });
  }
}
