import { stringifySetCookie } from "cookie";
import { redirect } from "react-router";
import { isLocalPath } from "../../../core/domain/local-path";
import { defaultLocale, isLocale, localeCookieMaxAgeSeconds, localeCookieName, localizePath } from "../../../core/i18n/locales";
import { assertSameOriginAction, isSecure } from "../../utils/session.server";
import type { Route } from "./+types/set-locale";

/** POST /locale: remembers the chosen language for 365 days and opens the page in it. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOriginAction(request);
  const form = await request.formData();
  const requested = form.get("locale");
  const locale = isLocale(requested) ? requested : defaultLocale;
  const target = form.get(`redirect_${locale}`);
  const destination = isLocalPath(target) ? target : localizePath("/", locale);
  // https as the visitor sees it (PUBLIC_URL, a trusted proxy): see isSecure.
  // Not httpOnly: nothing secret, and the language is the visitor's to see.
  const cookie = stringifySetCookie(localeCookieName, locale, { path: "/", maxAge: localeCookieMaxAgeSeconds, sameSite: "lax", secure: isSecure(request) });
  return redirect(destination, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return redirect("/");
}
