import { redirect } from "react-router";
import { localizePath } from "../../../core/i18n/locales";
import { pageLocale } from "../../utils/auth.server";
import { accessTokenOf, assertSameOriginAction, clearedSessionCookies, refreshTokenOf, withCookies } from "../../utils/session.server";
import { webContext } from "../../../server/load-context";
import type { Route } from "./+types/logout";

/** POST /logout: ends the session, clears the booking token and form position, goes home (spec §4). */
export async function action({ request, url, context }: Route.ActionArgs) {
  // Another site must not log our visitors out (a forced logout loses their booking in progress).
  assertSameOriginAction(request);
  await context.get(webContext).services.accounts.logout({ refreshToken: refreshTokenOf(request), accessToken: accessTokenOf(request) });
  return redirect(localizePath("/", pageLocale(url)), { headers: withCookies(clearedSessionCookies(request)) });
}

export function loader({ url }: Route.LoaderArgs) {
  return redirect(localizePath("/", pageLocale(url)));
}
