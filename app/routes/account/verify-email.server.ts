import { data, redirect } from "react-router";
import { localizePath } from "../../../core/i18n/locales";
import { pageLocale } from "../../utils/auth.server";
import { sessionCookies, withCookies } from "../../utils/session.server";
import type { Route } from "./+types/verify-email";
import { webContext } from "../../../server/load-context";

export function loader({ url }: Route.LoaderArgs) {
  return { locale: pageLocale(url) };
}

/**
 * The token is spent by a POST the page sends once it has loaded, not by the GET of the link:
 * mail scanners that open links would otherwise use it up before the person does.
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  try {
    const { user: current } = await web.session();
    const { userId, ...tokens } = await web.services.accounts.verifyEmail(params.doi);
    const success = localizePath("/register/verification-success", locale);
    // Someone else logged in here stays logged in: a verification link must not swap accounts.
    if (current && current.uuid !== userId) return redirect(success);
    return redirect(success, { headers: withCookies(sessionCookies(request, tokens)) });
  } catch (error) {
    // Spec §8: a failed verification is only logged.
    console.warn("e-mail verification failed", error instanceof Error ? error.message : error);
    return data({ verified: false as const }, 400);
  }
}
