import { stripLocalePrefix } from "../../core/i18n/locales";

/**
 * The browser gets the page texts (namespace `common`) in parts: the back office's (`admin.*`, about
 * half the catalogue), the customer's own pages' (`serviceSections`: the manage page, waivers, the
 * account's dashboard and settings), and the rest, which every page needs. A public page (the booking
 * page among them, which has a JavaScript budget) downloads the site part only; the customer's own
 * pages add the service part, the back office both (decision 046). vite.config.ts cuts the catalogue
 * files into these parts (`common.json?part=site`, `?part=service`, `?part=admin`).
 */
export const catalogueParts = ["site", "service", "admin"] as const;

/** Top-level sections only the customer's own pages (and the back office) show. */
const serviceSections = new Set(["manage", "waiver", "personalData", "deleteProfile", "dashboard"]);
const partOfSection = (section: string): CataloguePart => (section === "admin" ? "admin" : serviceSections.has(section) ? "service" : "site");
export type CataloguePart = (typeof catalogueParts)[number];

export function isCataloguePart(value: unknown): value is CataloguePart {
  return typeof value === "string" && (catalogueParts as readonly string[]).includes(value);
}

/** The texts of one part: the catalogue's top-level sections that belong to it. */
export function pickCataloguePart(catalogue: Record<string, unknown>, part: CataloguePart): Record<string, unknown> {
  return Object.fromEntries(Object.entries(catalogue).filter(([section]) => partOfSection(section) === part));
}

/** The parts a page at `pathname` renders with: the back office (/admin, /de/admin, …) needs all of them. */
export function cataloguePartsFor(pathname: string): CataloguePart[] {
  const bare = stripLocalePrefix(pathname);
  if (bare === "/admin" || bare.startsWith("/admin/")) return ["site", "service", "admin"];
  return /^\/(my-booking|waiver|dashboard|settings)(\/|$)/.test(bare) ? ["site", "service"] : ["site"];
}
