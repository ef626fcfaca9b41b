import { defaultLocale, localeFromPath } from "../../../core/i18n/locales";
import { parseRedirectTarget } from "../../utils/redirect-target";
import type { Route } from "./+types/redirect";

/** /redirect/{target}: the notice shown before a visitor leaves the site. */
export function loader({ url, params }: Route.LoaderArgs) {
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  return { locale, target: parseRedirectTarget(params.target) };
}
