/**
 * Content pages. The legal texts (terms, privacy policy, imprint) are content files in
 * `content/legal/{page}.{locale}.html`, so a lawyer's edit is a text change, not a code change;
 * `{{name}}` placeholders in them are filled from the site settings when a page is served, not when
 * it is seeded (through the back office's verbs: server/seed/seed-services.ts; issue 30).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { LegalPageKey } from "../../../core/domain/legal-pages";
import { defaultLocale, type DefaultLocale, type Locale } from "../../../core/i18n/locales";
import { projectRoot } from "../../project-root";

export const legalContentFolder = path.join(projectRoot, "content/legal");

export type { LegalPageKey };
type PageTranslationSeed = { name: string; slug: string };

/**
 * Menu order, names and slugs of the legal pages; their texts come from the content files. A language
 * of the list with no entry here gets the English name and slug (the seed: server/seed/seed-services.ts).
 */
export const legalPages: {
  key: LegalPageKey;
  showOnMobile: boolean;
  translations: { [K in DefaultLocale]: PageTranslationSeed } & Partial<Record<Locale, PageTranslationSeed>>;
}[] = [
  { key: "terms", showOnMobile: true, translations: { en: { name: "Terms and conditions", slug: "terms" }, de: { name: "AGB", slug: "agb" } } },
  { key: "privacy", showOnMobile: true, translations: { en: { name: "Privacy policy", slug: "privacy" }, de: { name: "Datenschutz", slug: "datenschutz" } } },
  { key: "imprint", showOnMobile: false, translations: { en: { name: "Imprint", slug: "imprint" }, de: { name: "Impressum", slug: "impressum" } } },
];

/**
 * The legal page's text in `locale` as stored: a template whose `{{name}}` placeholders
 * (core/domain/legal-pages.ts) are filled from the site settings when the page is served
 * (server/catalog/legal-page-text.ts), so it never keeps a stale copy of them (issue 30). A language
 * without its own file (one just added to the list) gets the English text until a lawyer's is added.
 */
export function legalText(key: LegalPageKey, locale: Locale): string {
  const file = (language: Locale) => path.join(legalContentFolder, `${key}.${language}.html`);
  return readFileSync(existsSync(file(locale)) ? file(locale) : file(defaultLocale), "utf8").replace(/\n$/, "");
}
