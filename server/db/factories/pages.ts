/**
 * Content pages. The legal texts (terms, privacy policy, imprint) are content files in
 * `content/legal/{page}.{locale}.html`, so a lawyer's edit is a text change, not a code change;
 * `{{name}}` placeholders in them are filled from the site settings when the pages are seeded
 * (through the back office's verbs: server/db/seed-services.ts).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Locale } from "../../../core/i18n/locales";
import { projectRoot } from "../../project-root";
import type { Text } from "./common";
import type { SiteSettings } from "./site";

export const legalContentFolder = path.join(projectRoot, "content/legal");

export type LegalPageKey = "terms" | "privacy" | "imprint";
type PageTranslationSeed = { name: string; slug: string };

/** Menu order, names and slugs of the legal pages; their texts come from the content files. */
export const legalPages: { key: LegalPageKey; showOnMobile: boolean; translations: Record<Locale, PageTranslationSeed> }[] = [
  { key: "terms", showOnMobile: true, translations: { en: { name: "Terms and conditions", slug: "terms" }, de: { name: "AGB", slug: "agb" } } },
  { key: "privacy", showOnMobile: true, translations: { en: { name: "Privacy policy", slug: "privacy" }, de: { name: "Datenschutz", slug: "datenschutz" } } },
  { key: "imprint", showOnMobile: false, translations: { en: { name: "Imprint", slug: "imprint" }, de: { name: "Impressum", slug: "impressum" } } },
];

/** The site stores the country as one plain string; the German legal pages need it in German. */
const countryNames: Record<string, Text> = { DE: { en: "DE", de: "Deutschland" } };

/** What the placeholders of the legal texts stand for, per language. */
function placeholders(site: SiteSettings, locale: Locale): Record<string, string> {
  const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`;
  return {
    company: site.company,
    street: site.street,
    zip: site.zip,
    city: site.city,
    country: countryNames[site.country]?.[locale] ?? site.country,
    phone: site.phone,
    fax: site.fax,
    emailLink: mail(site.email),
    supportEmailLink: mail(site.supportEmail),
    supportHours: site.supportHours[locale],
    websiteLink: `<a href="${site.website}">${site.website.replace(/^https:\/\//, "")}</a>`,
    managingDirector: site.managingDirector,
    registryCourt: site.registryCourt,
    vatId: site.vatId,
    travelOperatorNotice: site.travelOperatorNotice[locale],
    depositPercent: String(site.depositPercent),
    balanceDueDays: String(site.balanceDueDaysBeforeEvent),
  };
}

/** Fills `{{name}}` placeholders; a name the site cannot fill is an error, not an empty gap in a legal text. */
export function fillPlaceholders(template: string, values: Record<string, string>, source: string): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${source}: unknown placeholder {{${name}}}`);
    return value;
  });
}

/** The legal page's text in `locale`, filled from the site settings (raw HTML; the page verbs sanitize it). */
export function legalText(key: LegalPageKey, locale: Locale, site: SiteSettings): string {
  const file = path.join(legalContentFolder, `${key}.${locale}.html`);
  return fillPlaceholders(readFileSync(file, "utf8").replace(/\n$/, ""), placeholders(site, locale), file);
}
