import { and, asc, count, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { ListPagesQuery, Page, PageList, PageSummary } from "../../core/contracts/pages";
import { defaultLocale, type Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { pages, pageTranslations, sites } from "../db/schema";
import { notFound } from "../errors";
import { sanitizeRichText } from "../rich-text";
import { renderLegalText } from "./legal-page-text";

async function firstSite(db: Queryable) {
  const [site] = await db.select().from(sites).orderBy(asc(sites.id)).limit(1);
  return site;
}

type TranslationRow = typeof pageTranslations.$inferSelect;

function translationFor(rows: TranslationRow[], locale: Locale): TranslationRow | undefined {
  return rows.find((row) => row.locale === locale) ?? rows.find((row) => row.locale === defaultLocale) ?? rows[0];
}

async function translationsOf(db: Queryable, pageIds: string[]): Promise<Map<string, TranslationRow[]>> {
  const byPage = new Map<string, TranslationRow[]>();
  if (pageIds.length === 0) return byPage;
  const rows = await db.select().from(pageTranslations).where(inArray(pageTranslations.pageId, pageIds));
  for (const row of rows) byPage.set(row.pageId, [...(byPage.get(row.pageId) ?? []), row]);
  return byPage;
}

function toSummary(page: typeof pages.$inferSelect, rows: TranslationRow[], locale: Locale): PageSummary | null {
  const translation = translationFor(rows, locale);
  if (!translation) return null;
  return {
    uuid: page.id,
    name: translation.name,
    slug: translation.slug,
    show_on_mobile: page.showOnMobile,
    translations: rows.map((row) => ({ locale: row.locale, name: row.name, slug: row.slug })).sort((a, b) => a.locale.localeCompare(b.locale)),
  };
}

/** Published content pages in menu order, optionally filtered. */
export async function listPages(db: Queryable, locale: Locale, query: ListPagesQuery): Promise<PageList> {
  const conditions = [eq(pages.published, true)];
  if (query.show_on_mobile !== undefined) conditions.push(eq(pages.showOnMobile, query.show_on_mobile));
  if (query.search) {
    const matching = db
      .select({ pageId: pageTranslations.pageId })
      .from(pageTranslations)
      .where(ilike(pageTranslations.name, `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
    conditions.push(inArray(pages.id, matching));
  }
  const where = and(...conditions);
  const [totalRow] = await db.select({ total: count() }).from(pages).where(where);
  const rows = await db
    .select()
    .from(pages)
    .where(where)
    .orderBy(asc(pages.position), asc(pages.createdAt))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const translations = await translationsOf(
    db,
    rows.map((row) => row.id),
  );
  const data = rows.flatMap((row) => toSummary(row, translations.get(row.id) ?? [], locale) ?? []);
  return { data, meta: { page: query.page, per_page: query.per_page, total: totalRow?.total ?? 0 } };
}

/**
 * A page found by its slug in any language, answered in `locale`. The caller compares `slug` with
 * what was asked for to redirect a visitor to the slug of their language.
 */
export async function getPageBySlug(db: Queryable, locale: Locale, slug: string): Promise<Page> {
  const [match] = await db
    .select({ page: pages })
    .from(pageTranslations)
    .innerJoin(pages, eq(pages.id, pageTranslations.pageId))
    .where(and(eq(pageTranslations.slug, slug), eq(pages.published, true)))
    .orderBy(desc(sql`${pageTranslations.locale} = ${locale}`))
    .limit(1);
  if (!match) throw notFound("pageNotFound");
  const rows = (await translationsOf(db, [match.page.id])).get(match.page.id) ?? [];
  const summary = toSummary(match.page, rows, locale);
  const translation = translationFor(rows, locale);
  if (!summary || !translation) throw notFound("pageNotFound");
  // The content page renders this as raw HTML: sanitize what is served, whoever stored it. A legal
  // page's placeholders are filled from the site settings of this moment (issue 30).
  if (match.page.legalKey === null) return { ...summary, content: sanitizeRichText(translation.content), updated_at: match.page.updatedAt.toISOString() };
  const site = await firstSite(db);
  const updatedAt = site && site.updatedAt > match.page.updatedAt ? site.updatedAt : match.page.updatedAt;
  return { ...summary, content: renderLegalText(translation.content, site, translation.locale), updated_at: updatedAt.toISOString() };
}
