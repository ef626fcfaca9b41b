/**
 * Content pages. The legal texts (terms, privacy policy, imprint) are content files in
 * `content/legal/{page}.{locale}.html`, so a lawyer's edit is a text change, not a code change;
 * `{{name}}` placeholders in them are filled from the site settings when a page is served, not when
 * it is seeded (through the back office's verbs: server/seed/seed-services.ts; issue 30).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LegalPageKey } from "../../../core/domain/legal-pages";
import type { Locale } from "../../../core/i18n/locales";
import { projectRoot } from "../../project-root";

export const legalContentFolder = path.join(projectRoot, "content/legal");

export type { LegalPageKey };
type PageTranslationSeed = { name: string; slug: string };

/** Menu order, names and slugs of the legal pages; their texts come from the content files. */
export const legalPages: { key: LegalPageKey; showOnMobile: boolean; translations: Record<Locale, PageTranslationSeed> }[] = [
  { key: "terms", showOnMobile: true, translations: { en: { name: "Terms and conditions", slug: "terms" }, de: { name: "AGB", slug: "agb" } } },
  { key: "privacy", showOnMobile: true, translations: { en: { name: "Privacy policy", slug: "privacy" }, de: { name: "Datenschutz", slug: "datenschutz" } } },
  { key: "imprint", showOnMobile: false, translations: { en: { name: "Imprint", slug: "imprint" }, de: { name: "Impressum", slug: "impressum" } } },
];

/**
 * The legal page's text in `locale` as stored: a template whose `{{name}}` placeholders
 * (core/domain/legal-pages.ts) are filled from the site settings when the page is served
 * (server/catalog/legal-page-text.ts), so it never keeps a stale copy of them (issue 30).
 */
export function legalText(key: LegalPageKey, locale: Locale): string {
  return readFileSync(path.join(legalContentFolder, `${key}.${locale}.html`), "utf8").replace(/\n$/, "");
}
