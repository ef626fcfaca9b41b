import { redirect } from "react-router";
import { localizePath } from "../../core/i18n/locales";
import { pageLocale } from "../utils/auth.server";
import { clearedSessionCookies, refreshTokenOf, withCookies } from "../utils/session.server";
import type { Route } from "./+types/logout";

/** POST /logout: ends the session, clears the booking token and form position, goes home (spec §4). */
export async function action({ request, context }: Route.ActionArgs) {
  await context.services.accounts.logout(refreshTokenOf(request));
  return redirect(localizePath("/", pageLocale(request)), { headers: withCookies(clearedSessionCookies(request)) });
}

export function loader({ request }: Route.LoaderArgs) {
  return redirect(localizePath("/", pageLocale(request)));
}
