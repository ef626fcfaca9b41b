import { count, eq } from "drizzle-orm";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { eventCategories, eventCategoryTranslations, events } from "../../db/schema";
import { AppError } from "../../errors";
import { auditCatalogueAction, type CatalogueDeps, type CatalogueStaff } from "./catalogue-records";

const categoryNotEmpty = (events: number) => new AppError("CONFLICT", "categoryNotEmpty", { params: { count: events } });

/**
 * Delete a category that has no events (archived ones count: their bookings still name it). The
 * events' foreign key guards the same rule when an event is added at the same moment. Audited.
 */
export async function deleteStaffCategory(deps: CatalogueDeps, actor: Actor, input: CatalogueStaff & { categoryId: number }): Promise<void> {
  authorize(actor, "staff.catalogue.manage", null);
  try {
    await deps.db.transaction(async (tx) => {
      const [category] = await tx.select().from(eventCategories).where(eq(eventCategories.id, input.categoryId)).for("update").limit(1);
      if (!category) throw new AppError("NOT_FOUND", "categoryNotFound");
      const [used] = await tx.select({ events: count() }).from(events).where(eq(events.categoryId, category.id));
      if ((used?.events ?? 0) > 0) throw categoryNotEmpty(used?.events ?? 0);
      const [english] = await tx
        .select({ name: eventCategoryTranslations.name })
        .from(eventCategoryTranslations)
        .where(eq(eventCategoryTranslations.categoryId, category.id))
        .limit(1);
      await tx.delete(eventCategories).where(eq(eventCategories.id, category.id));
      await auditCatalogueAction(tx, {
        actor,
        actorEmail: input.actorEmail,
        action: "category_deleted",
        details: { category: category.id, name: english?.name ?? "" },
        at: deps.now(),
      });
    });
  } catch (error) {
    const code = (error as { code?: unknown; cause?: { code?: unknown } } | null)?.code ?? (error as { cause?: { code?: unknown } } | null)?.cause?.code;
    if (code === "23503") throw categoryNotEmpty(1);
    throw error;
  }
}
