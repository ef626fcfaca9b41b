import { asc, eq } from "drizzle-orm";
import type { StaffCategory, StaffCategoryMove } from "../../../core/contracts/staff-catalogue";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { eventCategories } from "../../db/schema";
import { AppError } from "../../errors";
import { auditCatalogueAction, type CatalogueDeps, type CatalogueStaff } from "./catalogue-records";
import { staffCategoryRecords } from "./category-records";

/**
 * Staff move a category one place up or down in the menu order, which the public category pills
 * follow (decision 034). Every category is renumbered 0…n-1 under a lock, so positions stay distinct
 * whatever they were (the seed's, ties). The first moved up (the last down) stays: not an error,
 * nothing written. Answers every category in the new order.
 */
export async function moveStaffCategory(
  deps: CatalogueDeps,
  actor: Actor,
  input: CatalogueStaff & { categoryId: number; move: StaffCategoryMove },
): Promise<StaffCategory[]> {
  authorize(actor, "staff.catalogue.manage", null);
  await deps.db.transaction(async (tx) => {
    const order = await tx
      .select({ id: eventCategories.id })
      .from(eventCategories)
      .orderBy(asc(eventCategories.position), asc(eventCategories.id))
      .for("update");
    const from = order.findIndex((row) => row.id === input.categoryId);
    if (from < 0) throw new AppError("NOT_FOUND", "categoryNotFound");
    const to = input.move.direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return;
    const ids = order.map((row) => row.id);
    [ids[from], ids[to]] = [ids[to] as number, ids[from] as number];
    for (const [position, id] of ids.entries()) await tx.update(eventCategories).set({ position }).where(eq(eventCategories.id, id));
    await auditCatalogueAction(tx, {
      actor,
      actorEmail: input.actorEmail,
      action: "category_moved",
      details: { category: input.categoryId, from, to },
      at: deps.now(),
    });
  });
  return staffCategoryRecords(deps.db);
}
