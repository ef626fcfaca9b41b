import { useRouteLoaderData } from "react-router";
import { defaultLocale, localizePath, type Locale } from "../../core/i18n/locales";
import type { loader as rootLoader } from "../root.server";

/** The root loader's data: locale, site, content-page menu. Undefined only when the root loader failed. */
export function useRootData() {
  return useRouteLoaderData<typeof rootLoader>("root");
}

export function useLocale(): Locale {
  return useRootData()?.locale ?? defaultLocale;
}

/** A path of this site in the current language: `href("/events")` → `/de/events` on German pages. */
export function useLocalizedHref(): (path: string) => string {
  const locale = useLocale();
  return (path: string) => localizePath(path, locale);
}
