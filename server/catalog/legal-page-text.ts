import { fillLegalPlaceholders, type LegalPlaceholder } from "../../core/domain/legal-pages";
import { pickLocale } from "../../core/contracts/localized-text";
import { countryName } from "../../core/i18n/countries";
import type { Locale } from "../../core/i18n/locales";
import type { sites } from "../db/schema";
import { sanitizeRichText } from "../rich-text";

/** The site settings a legal text's placeholders stand for (the settings row, or the seed's settings). */
export type LegalTextSite = Pick<
  typeof sites.$inferSelect,
  | "company"
  | "street"
  | "zip"
  | "city"
  | "country"
  | "phone"
  | "fax"
  | "email"
  | "website"
  | "supportEmail"
  | "supportHours"
  | "managingDirector"
  | "registryCourt"
  | "vatId"
  | "travelOperatorNotice"
  | "depositPercent"
  | "balanceDueDaysBeforeEvent"
  | "uploadRetentionDays"
  | "answerRetentionDays"
>;

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What each placeholder stands for in `locale`, as HTML (texts escaped; the addresses as links). */
export function legalPlaceholderValues(site: LegalTextSite, locale: Locale): Record<LegalPlaceholder, string> {
  const mail = (address: string) => `<a href="mailto:${escapeHtml(address)}">${escapeHtml(address)}</a>`;
  return {
    company: escapeHtml(site.company),
    street: escapeHtml(site.street),
    zip: escapeHtml(site.zip),
    city: escapeHtml(site.city),
    country: escapeHtml(countryName(site.country, locale)),
    phone: escapeHtml(site.phone),
    fax: escapeHtml(site.fax ?? "—"),
    emailLink: mail(site.email),
    supportEmailLink: mail(site.supportEmail),
    supportHours: escapeHtml(pickLocale(site.supportHours, locale)),
    websiteLink: `<a href="${escapeHtml(site.website)}">${escapeHtml(site.website.replace(/^https?:\/\//, ""))}</a>`,
    managingDirector: escapeHtml(site.managingDirector),
    registryCourt: escapeHtml(site.registryCourt),
    vatId: escapeHtml(site.vatId ?? "—"),
    travelOperatorNotice: escapeHtml(pickLocale(site.travelOperatorNotice, locale)),
    depositPercent: String(site.depositPercent),
    balanceDueDays: String(site.balanceDueDaysBeforeEvent),
    uploadRetentionDays: String(site.uploadRetentionDays),
    answerRetentionDays: String(site.answerRetentionDays),
  };
}

/**
 * A legal page's text as served: its stored template with the site settings of this moment filled in,
 * sanitized (issue 30: the imprint follows a change of the settings at once, no stored copy goes stale).
 */
export function renderLegalText(template: string, site: LegalTextSite | undefined, locale: Locale): string {
  return sanitizeRichText(site ? fillLegalPlaceholders(template, legalPlaceholderValues(site, locale)) : template);
}
