import { stripLocalePrefix } from "../../core/i18n/locales";

/**
 * The browser gets the page texts (namespace `common`) in two parts: the back office's (`admin.*`,
 * about half the catalogue) and the rest, which every page needs. A public page downloads the site
 * part only; back-office pages load the admin part as well (decision 046). vite.config.ts cuts the
 * catalogue files into these parts (`common.json?part=site`, `?part=admin`).
 */
export const catalogueParts = ["site", "admin"] as const;
export type CataloguePart = (typeof catalogueParts)[number];

export function isCataloguePart(value: unknown): value is CataloguePart {
  return typeof value === "string" && (catalogueParts as readonly string[]).includes(value);
}

/** The texts of one part: the catalogue's top-level sections that belong to it. */
export function pickCataloguePart(catalogue: Record<string, unknown>, part: CataloguePart): Record<string, unknown> {
  return Object.fromEntries(Object.entries(catalogue).filter(([section]) => (section === "admin" ? "admin" : "site") === part));
}

/** The parts a page at `pathname` renders with: the back office (/admin, /de/admin, …) needs both. */
export function cataloguePartsFor(pathname: string): CataloguePart[] {
  const bare = stripLocalePrefix(pathname);
  return bare === "/admin" || bare.startsWith("/admin/") ? ["site", "admin"] : ["site"];
}
