import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { StaffPage, StaffPageChange } from "../../../core/contracts/pages";
import type { FieldErrors } from "../../../core/contracts/errors";
import { unknownPlaceholders } from "../../../core/domain/legal-pages";
import { isReservedPageSlug, pageSlugOf } from "../../../core/domain/page-slugs";
import { translatorFor } from "../../../core/i18n/i18n";
import { firstFreeSlug } from "../../../core/domain/slugs";
import { fieldError } from "../../../core/i18n/field-errors";
import { locales, type Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { pages, pageTranslations } from "../../db/schema";
import { AppError, notFound } from "../../errors";
import { sanitizeRichText } from "../../rich-text";

type PageRow = typeof pages.$inferSelect;
type TranslationRow = typeof pageTranslations.$inferSelect;

export function toStaffPage(page: PageRow, translations: TranslationRow[]): StaffPage {
  return {
    uuid: page.id,
    legal_key: page.legalKey,
    position: page.position,
    published: page.published,
    show_on_mobile: page.showOnMobile,
    translations: Object.fromEntries(
      translations.map((row) => [row.locale, { name: row.name, slug: row.slug, content: row.content }]),
    ) as StaffPage["translations"],
    updated_at: page.updatedAt.toISOString(),
  };
}

/** Every page in footer order (position, then age), with its translations. */
export async function loadStaffPages(db: Queryable): Promise<StaffPage[]> {
  const rows = await db.select().from(pages).orderBy(asc(pages.position), asc(pages.createdAt), asc(pages.id));
  if (rows.length === 0) return [];
  const translations = await db
    .select()
    .from(pageTranslations)
    .where(
      inArray(
        pageTranslations.pageId,
        rows.map((row) => row.id),
      ),
    );
  return rows.map((row) =>
    toStaffPage(
      row,
      translations.filter((translation) => translation.pageId === row.id),
    ),
  );
}

export async function loadStaffPage(
  db: Queryable,
  pageId: string,
  options: { forUpdate?: boolean } = {},
): Promise<{ page: PageRow; translations: TranslationRow[] }> {
  const query = db.select().from(pages).where(eq(pages.id, pageId)).limit(1);
  const [page] = await (options.forUpdate ? query.for("update") : query);
  if (!page) throw notFound("pageNotFound");
  const translations = await db.select().from(pageTranslations).where(eq(pageTranslations.pageId, pageId));
  return { page, translations };
}

export type ResolvedTranslation = { locale: Locale; name: string; slug: string; content: string };

/**
 * The translations as they will be stored: an empty slug made from the name (the first free one of
 * its language), a typed slug kept as typed and refused when another page of that language has it;
 * the content sanitized (server/rich-text.ts); a legal page's content may name only the placeholders
 * the site fills (core/domain/legal-pages.ts). Refusals are field errors, all languages at once.
 */
export async function resolveTranslations(
  db: Queryable,
  input: { change: StaffPageChange; pageId: string | null; locale: Locale; legal: boolean },
): Promise<ResolvedTranslation[]> {
  const errors: FieldErrors = {};
  const resolved: ResolvedTranslation[] = [];
  for (const locale of locales) {
    const typed = input.change.translations[locale];
    const taken = await db
      .select({ slug: pageTranslations.slug })
      .from(pageTranslations)
      .where(and(eq(pageTranslations.locale, locale), input.pageId ? ne(pageTranslations.pageId, input.pageId) : undefined));
    const takenSlugs = new Set(taken.map((row) => row.slug));
    const field = `translations.${locale}.slug`;
    const base = pageSlugOf(typed.slug, typed.name);
    let slug = base;
    if (typed.slug.trim() === "") {
      slug = firstFreeSlug(isReservedPageSlug(base) ? `${base}-page` : base, takenSlugs);
      if (slug === "") Object.assign(errors, fieldError(field, "validation.slug", input.locale));
    } else if (takenSlugs.has(slug)) {
      Object.assign(errors, fieldError(field, "validation.slugTaken", input.locale));
    }
    resolved.push({ locale, name: typed.name, slug, content: sanitizeRichText(typed.content) });
  }
  for (const translation of resolved) {
    // What is left after sanitizing must still say something (a page of only a script is empty).
    if (translation.content.replace(/<[^>]*>/g, "").trim() === "") {
      Object.assign(errors, fieldError(`translations.${translation.locale}.content`, "validation.required", input.locale));
    }
    const unknown = input.legal ? unknownPlaceholders(translation.content) : [];
    if (unknown.length) {
      const message = translatorFor(input.locale)("validation.unknownPlaceholder", { names: unknown.join(", ") });
      errors[`translations.${translation.locale}.content`] = [message];
    }
  }
  if (Object.keys(errors).length) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: errors });
  return resolved;
}

/** Two writers taking the same slug at once: the unique index refuses the second, with the same field error. */
export function slugTakenError(locale: Locale): AppError {
  const fieldErrors = Object.fromEntries(
    locales.map((each) => [
      `translations.${each}.slug`,
      fieldError(`translations.${each}.slug`, "validation.slugTaken", locale)[`translations.${each}.slug`] ?? [],
    ]),
  );
  return new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors });
}
