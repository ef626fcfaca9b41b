import type { StaffCategory } from "../../../core/contracts/staff-catalogue";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { CatalogueDeps } from "./catalogue-records";
import { staffCategoryRecords } from "./category-records";

/** The event categories for the back office, in menu order, every language side by side (decision 034). */
export async function listStaffCategories(deps: CatalogueDeps, actor: Actor): Promise<StaffCategory[]> {
  authorize(actor, "staff.catalogue.read", null);
  return staffCategoryRecords(deps.db);
}
