import { and, eq, like, max, ne, or } from "drizzle-orm";
import type { StaffCategory, StaffCategoryInput } from "../../../core/contracts/staff-catalogue";
import type { Actor } from "../../../core/domain/permissions";
import { firstFreeSlug, slugify } from "../../../core/domain/slugs";
import { locales } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Transaction } from "../../db/client";
import { eventCategories, eventCategoryTranslations } from "../../db/schema";
import { AppError } from "../../errors";
import { auditCatalogueAction, isUniqueViolation, slugTaken, type CatalogueDeps, type CatalogueStaff } from "./catalogue-records";
import { staffCategoryRecords } from "./category-records";

/**
 * Create a category (no `categoryId`) or change one (decision 034). A language whose name is left
 * empty has no translation: the public site shows the English one. A slug typed by staff must be free
 * in its language (else the field's error); an empty one is made from the name, numbered when taken.
 */
export async function saveStaffCategory(
  deps: CatalogueDeps,
  actor: Actor,
  input: CatalogueStaff & { categoryId?: number | undefined; category: StaffCategoryInput },
): Promise<StaffCategory> {
  authorize(actor, "staff.catalogue.manage", null);
  let id = input.categoryId;
  try {
    await deps.db.transaction(async (tx) => {
      if (id === undefined) {
        const [last] = await tx.select({ position: max(eventCategories.position) }).from(eventCategories);
        const [created] = await tx
          .insert(eventCategories)
          .values({ position: (last?.position ?? 0) + 1 })
          .returning({ id: eventCategories.id });
        if (!created) throw new Error("category insert returned nothing");
        id = created.id;
      } else {
        const [existing] = await tx.select({ id: eventCategories.id }).from(eventCategories).where(eq(eventCategories.id, id)).for("update").limit(1);
        if (!existing) throw new AppError("NOT_FOUND", "categoryNotFound");
      }
      await writeTranslations(tx, id, input);
      await auditCatalogueAction(tx, {
        actor,
        actorEmail: input.actorEmail,
        action: input.categoryId === undefined ? "category_created" : "category_updated",
        details: { category: id, name: input.category.translations.en.name },
        at: deps.now(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error, "event_category_translations_slug_unique")) throw slugTaken("translations.en.slug", input.locale);
    throw error;
  }
  const [saved] = await staffCategoryRecords(deps.db, id);
  if (!saved) throw new AppError("NOT_FOUND", "categoryNotFound");
  return saved;
}

async function writeTranslations(tx: Transaction, categoryId: number, input: CatalogueStaff & { category: StaffCategoryInput }) {
  await tx.delete(eventCategoryTranslations).where(eq(eventCategoryTranslations.categoryId, categoryId));
  for (const locale of locales) {
    const translation = input.category.translations[locale];
    if (!translation.name) continue;
    const others = and(eq(eventCategoryTranslations.locale, locale), ne(eventCategoryTranslations.categoryId, categoryId));
    let slug = translation.slug;
    if (slug) {
      const [clash] = await tx
        .select({ slug: eventCategoryTranslations.slug })
        .from(eventCategoryTranslations)
        .where(and(others, eq(eventCategoryTranslations.slug, slug)))
        .limit(1);
      if (clash) throw slugTaken(`translations.${locale}.slug`, input.locale);
    } else {
      const base = slugify(translation.name) || String(categoryId);
      const taken = await tx
        .select({ slug: eventCategoryTranslations.slug })
        .from(eventCategoryTranslations)
        .where(and(others, or(eq(eventCategoryTranslations.slug, base), like(eventCategoryTranslations.slug, `${base}-%`))));
      slug = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
    }
    await tx.insert(eventCategoryTranslations).values({ categoryId, locale, name: translation.name, slug, description: translation.description });
  }
}
