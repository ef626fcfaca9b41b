import type { Locale } from "../../core/i18n/locales";

/**
 * A route's id in app/routes.ts: its name, in the route set that serves the default language and the
 * first further one; `<name>.<code>` in the route set of each language beyond those (decision 072).
 */
export function routeIdOf(name: string, ownSetOf: Locale | null): string {
  return ownSetOf ? `${name}.${ownSetOf}` : name;
}

/** The name a route id was made from: `layout-admin.xx` → `layout-admin`. */
export function routeNameOf(id: string): string {
  return id.split(".")[0] ?? id;
}
