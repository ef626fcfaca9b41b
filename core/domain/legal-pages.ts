/**
 * The legal pages (terms, privacy policy, imprint; issue 30). A page is legal by its
 * `legal_key`, not by its slug: nobody deletes or unpublishes it, only admins edit it
 * (core/domain/permissions.ts). Its stored text is a template: `{{name}}` placeholders stand for the
 * site settings and are filled when the page is served, so the imprint follows the settings at once.
 */

export const legalPageKeys = ["terms", "privacy", "imprint"] as const;
export type LegalPageKey = (typeof legalPageKeys)[number];

export function isLegalPageKey(value: unknown): value is LegalPageKey {
  return typeof value === "string" && (legalPageKeys as readonly string[]).includes(value);
}

/** Every placeholder a legal text may hold; what each stands for is filled by the server from the site settings. */
export const legalPlaceholderNames = [
  "company",
  "street",
  "zip",
  "city",
  "country",
  "phone",
  "fax",
  "emailLink",
  "supportEmailLink",
  "supportHours",
  "websiteLink",
  "managingDirector",
  "registryCourt",
  "vatId",
  "travelOperatorNotice",
  "depositPercent",
  "balanceDueDays",
  // The retention settings (decision 076): the privacy policy says how long uploads and answers are kept.
  "uploadRetentionDays",
  "answerRetentionDays",
] as const;
export type LegalPlaceholder = (typeof legalPlaceholderNames)[number];

const placeholderPattern = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholders of a text that the site cannot fill (a typo would otherwise show `{{phne}}` on the imprint). */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(placeholderPattern)) {
    const name = match[1] ?? "";
    if (!(legalPlaceholderNames as readonly string[]).includes(name)) unknown.add(name);
  }
  return [...unknown];
}

/** Fills the placeholders; one the values lack stays as written (the save refuses such a text, so only old rows can hold one). */
export function fillLegalPlaceholders(template: string, values: Record<LegalPlaceholder, string>): string {
  return template.replace(placeholderPattern, (whole, name: string) =>
    (legalPlaceholderNames as readonly string[]).includes(name) ? values[name as LegalPlaceholder] : whole,
  );
}
