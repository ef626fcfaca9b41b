import { data, redirect } from "react-router";
import { currentYear } from "../core/domain/dates";
import { decidePageLocale, defaultLocale, localeFromPath } from "../core/i18n/locales";
import { can } from "../core/domain/permissions";
import { actorOfSession } from "../server/http/web-session-actor";
import { webContext } from "../server/load-context";
import type { Route } from "./+types/root";

/**
 * Hands React Router's own match to the server's request metrics (server/http/metrics.ts): labelling
 * a page by matching its URL a second time cost a fifth of an uncached render (decision 054).
 */
export const middleware: Route.MiddlewareFunction[] = [
  ({ context, pattern }, next) => {
    context.get(webContext).routePattern = pattern;
    return next();
  },
];

/**
 * Decides the language of every page (path prefix, else cookie, else browser, else English) and
 * loads what the frame needs: the operator's site data and the content-page menu.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const decision = decidePageLocale(url, { cookie: request.headers.get("cookie"), acceptLanguage: request.headers.get("accept-language") });
  if (decision.redirectTo) throw redirect(decision.redirectTo, { headers: { Vary: "Cookie, Accept-Language" } });
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const web = context.get(webContext);
  const { services } = web;
  const [site, pages, session] = await Promise.all([services.getSite(locale), services.listPages(locale, { page: 1, per_page: 50 }), web.session()]);
  // `staff`: the header links the back office (a staff session with its second factor, decision 027).
  const user = session.user ? { uuid: session.user.uuid, name: session.user.name, staff: can(actorOfSession(session), "staff.desk", null) } : null;
  return data(
    { locale, site, menuPages: pages.data, origin: web.publicOrigin, year: currentYear(services.now()), user },
    { headers: { "Content-Language": locale } },
  );
}
