import { createHash } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { LocalizedText } from "../../core/contracts/localized-text";
import { storedWithdrawalNoticeFor, type EventContractKind } from "../../core/domain/withdrawal-notice";
import { defaultLocale, type Locale } from "../../core/i18n/locales";
import { renderLegalText } from "../catalog/legal-page-text";
import type { Queryable } from "../db/client";
import { pages, pageTranslations, sites } from "../db/schema";
import { readThrough, type ReadCache } from "../deps/cache";

/**
 * What the law wants recorded or told at the binding click (issue 30): which terms the customer
 * accepted, as a version (the SHA-256 of the terms page's text as it was served then, placeholders
 * filled, in the booking's language), and the notice on withdrawal the confirmation repeats.
 * Both change only when staff change the terms page or the site settings, whose writes drop the read
 * cache: they are catalogue entries, so a sale rush reads them once, not once per submission.
 */
export type LegalFacts = { termsVersion: string | null; notices: { leisureWithdrawalNotice: LocalizedText } | null };

type Reader = { db: Queryable; reads?: ReadCache | undefined };

async function loadLegalFacts(db: Queryable, locale: Locale): Promise<LegalFacts> {
  const [site] = await db.select().from(sites).orderBy(asc(sites.id)).limit(1);
  const terms = await db
    .select({ locale: pageTranslations.locale, content: pageTranslations.content })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(eq(pages.legalKey, "terms"));
  const text = terms.find((row) => row.locale === locale) ?? terms.find((row) => row.locale === defaultLocale);
  const termsVersion = text ? `sha256:${createHash("sha256").update(renderLegalText(text.content, site, text.locale)).digest("hex")}` : null;
  return { termsVersion, notices: site ? { leisureWithdrawalNotice: site.leisureWithdrawalNotice } : null };
}

export function legalFactsOf(reader: Reader, locale: Locale): Promise<LegalFacts> {
  return readThrough(reader.reads, `legal-facts:${locale}`, () => loadLegalFacts(reader.db, locale), "catalogue");
}

/** The notice on withdrawal for an event of `kind`, in `locale`; null on a site without settings (a bare test database). */
export function withdrawalNoticeOf(facts: LegalFacts, kind: EventContractKind, locale: Locale): string | null {
  return facts.notices ? storedWithdrawalNoticeFor(kind, facts.notices, locale) : null;
}
