import { index, layout, route, type RouteConfig, type RouteConfigEntry } from "@react-router/dev/routes";
import { defaultLocale, locales, type Locale } from "../core/i18n/locales";

/**
 * Every page exists once per language: English without a prefix, German under /de. The same route
 * modules serve both; route ids carry the locale so React Router can tell them apart.
 */
function localizedRoutes(locale: Locale): RouteConfigEntry[] {
  const id = (name: string) => `${name}.${locale}`;
  const at = (path: string) => (locale === defaultLocale ? path : path ? `${locale}/${path}` : locale);
  const home = locale === defaultLocale ? index("routes/home.tsx", { id: id("home") }) : route(at(""), "routes/home.tsx", { id: id("home") });
  return [
    layout("layouts/default-layout.tsx", { id: id("layout-default") }, [
      home,
      route(at("events"), "routes/events.tsx", { id: id("events") }),
      route(at("events/:category"), "routes/events.tsx", { id: id("events-category") }),
      route(at("redirect/:target?"), "routes/redirect.tsx", { id: id("redirect") }),
      route(at(":slug"), "routes/content-page.tsx", { id: id("content-page") }),
      route(at("*"), "routes/not-found.tsx", { id: id("not-found") }),
    ]),
    layout("layouts/widget-layout.tsx", { id: id("layout-widget") }, [route(at("event-widget"), "routes/event-widget.tsx", { id: id("event-widget") })]),
  ];
}

export default [route("locale", "routes/set-locale.ts"), ...locales.flatMap(localizedRoutes)] satisfies RouteConfig;
