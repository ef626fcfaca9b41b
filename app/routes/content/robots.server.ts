import { prefixedLocales } from "../../../core/i18n/locales";
import { webContext } from "../../../server/load-context";
import type { Route } from "./+types/robots";

/** GET /robots.txt: everything may be crawled except the personal and transactional pages; names the sitemap. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = context.get(webContext).publicOrigin;
  const personal = ["/booking", "/pay/", "/payment/", "/my-booking/", "/dashboard", "/settings", "/invoice/", "/api/", "/event-widget"];
  const lines = ["User-agent: *", ...personal.flatMap((path) => ["", ...prefixedLocales.map((locale) => `/${locale}`)].map((prefix) => `Disallow: ${prefix}${path}`)), "", `Sitemap: ${new URL("/sitemap.xml", origin).toString()}`, ""];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
