import { redirect } from "react-router";
import { loginRequestSchema } from "../../../core/contracts/auth";
import { localizePath } from "../../../core/i18n/locales";
import { webContext } from "../../../server/load-context";
import { parseLocalized } from "../../utils/account-forms";
import { invalidSubmission, refusedSubmission } from "../../utils/account-forms.server";
import { pageLocale, requireGuest, safeRedirectTarget } from "../../utils/auth.server";
import { deviceCookie, deviceCookieOf, secondFactorCookie, sessionCookies, withCookies } from "../../utils/session.server";
import type { Route } from "./+types/login";

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireGuest(url, context.get(webContext));
  return { locale: pageLocale(url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const form = await request.formData();
  const submission = parseLocalized(form, loginRequestSchema, locale);
  if (submission.status !== "success") return invalidSubmission(submission, {});
  try {
    const {
      tokens,
      secondFactor,
      deviceCookie: device,
    } = await web.services.accounts.login({ request: submission.value, locale, clientAddress: web.clientAddress, deviceCookie: deviceCookieOf(request) });
    if (secondFactor) {
      // Staff: the second step (decision 027); the challenge travels in an httpOnly cookie, never in the address.
      const target = safeRedirectTarget(form.get("redirectTo"), "");
      return redirect(`${localizePath("/login/second-factor", locale)}${target ? `?redirectTo=${encodeURIComponent(target)}` : ""}`, {
        headers: withCookies([secondFactorCookie(request, secondFactor.challenge, secondFactor.expires_in), deviceCookie(request, device)]),
      });
    }
    return redirect(safeRedirectTarget(form.get("redirectTo"), localizePath("/", locale)), {
      headers: withCookies([...sessionCookies(request, tokens), deviceCookie(request, device)]),
    });
  } catch (error) {
    return refusedSubmission(submission, error, locale, {});
  }
}
