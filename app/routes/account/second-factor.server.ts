import { data, redirect } from "react-router";
import { secondFactorFormSchema } from "../../../core/contracts/second-factor";
import { localizePath, type Locale } from "../../../core/i18n/locales";
import { can } from "../../../core/domain/permissions";
import { AppError } from "../../../server/errors";
import { actorOfSession } from "../../../server/http/web-session-actor";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale, safeRedirectTarget } from "../../utils/auth.server";
import { clearedSecondFactorCookie, secondFactorChallengeOf, sessionCookies, withCookies } from "../../utils/session.server";
import type { Route } from "./+types/second-factor";

/** Where staff go once in: where the login was asked for, else the back office. */
const targetOf = (url: URL, locale: Locale) => safeRedirectTarget(url.searchParams.get("redirectTo"), localizePath("/admin", locale));

/**
 * Without a live challenge (none, expired, spent by five wrong codes) the password is asked again;
 * the login page says whether the step expired or too many wrong codes spent it.
 */
function backToLogin(request: Request, locale: Locale, refusal?: AppError): never {
  const reason = refusal?.messageKey === "secondFactorTooManyCodes" ? "codes" : "1";
  throw redirect(`${localizePath("/login", locale)}?expired=${reason}`, { headers: withCookies([clearedSecondFactorCookie(request)]) });
}

/**
 * `/login/second-factor` (+ /de): staff's second step after the password (decision 027). The
 * challenge comes in the httpOnly cookie the login set; the page asks for the authenticator's code
 * (or a recovery code), or, for an account without an authenticator, shows the QR code and the
 * secret and asks for the first code, then shows the recovery codes once.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  // Signed in with the second factor already: this page now only shows the way on (and, right
  // after the enrolment's post, the recovery codes the action answered).
  if (can(actorOfSession(await web.session()), "staff.desk", null))
    return { locale, step: { enrolled: true, done: true } as const, target: targetOf(url, locale) };
  const challenge = secondFactorChallengeOf(request);
  if (!challenge) return backToLogin(request, locale);
  try {
    const step = { ...(await web.services.accounts.secondFactorStep(challenge)), done: false } as const;
    return { locale, step, target: targetOf(url, locale) };
  } catch (error) {
    if (AppError.is(error) && error.code === "UNAUTHORIZED") return backToLogin(request, locale, error);
    throw error;
  }
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const challenge = secondFactorChallengeOf(request);
  if (!challenge) return backToLogin(request, locale);
  const form = await request.formData();
  const submission = parseLocalized(form, secondFactorFormSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, { recoveryCodes: null, intent: String(form.get("intent") ?? "") });
  const { value } = submission;
  try {
    if (value.intent === "enrol") {
      const { recovery_codes: recoveryCodes, ...tokens } = await web.services.accounts.confirmSecondFactorEnrolment({ challenge, code: value.code, locale });
      // The session starts now; the recovery codes are shown this once, with the way on.
      return data(
        { recoveryCodes, intent: value.intent, result: submission.reply({ resetForm: true }) },
        { headers: withCookies([...sessionCookies(request, tokens), clearedSecondFactorCookie(request)]) },
      );
    }
    const tokens = await web.services.accounts.verifySecondFactor({
      request: value.intent === "code" ? { challenge, code: value.code } : { challenge, recovery_code: value.recovery_code },
      locale,
    });
    return redirect(targetOf(url, locale), { headers: withCookies([...sessionCookies(request, tokens), clearedSecondFactorCookie(request)]) });
  } catch (error) {
    if (AppError.is(error) && error.code === "UNAUTHORIZED") return backToLogin(request, locale, error);
    return refusedSubmission(submission, error, locale, { recoveryCodes: null, intent: value.intent });
  }
}
