import { redirect } from "react-router";
import { localizePath } from "../../../core/i18n/locales";
import { pageLocale, requireUser, sessionActor } from "../../utils/auth.server";
import { clearedSessionCookies, withCookies } from "../../utils/session.server";
import type { Route } from "./+types/delete-profile";
import { webContext } from "../../../server/load-context";

export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  await requireUser(url, web);
  return { locale: pageLocale(url) };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const user = await requireUser(url, web);
  await web.services.accounts.deleteUser(await sessionActor(url, web), { userId: user.uuid });
  return redirect(localizePath("/settings/delete-success", pageLocale(url)), { headers: withCookies(clearedSessionCookies(request)) });
}
