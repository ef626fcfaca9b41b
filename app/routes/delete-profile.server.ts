import { redirect } from "react-router";
import { localizePath } from "../../core/i18n/locales";
import { pageLocale, requireUser, sessionActor } from "../utils/auth.server";
import { clearedSessionCookies, withCookies } from "../utils/session.server";
import type { Route } from "./+types/delete-profile";
import { webContext } from "../../server/load-context";

export async function loader({ request, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  await requireUser(request, web);
  return { locale: pageLocale(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const user = await requireUser(request, web);
  await web.services.accounts.deleteUser(await sessionActor(request, web), user.uuid);
  return redirect(localizePath("/settings/delete-success", pageLocale(request)), { headers: withCookies(clearedSessionCookies(request)) });
}
