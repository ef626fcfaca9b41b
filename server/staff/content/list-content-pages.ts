import type { StaffPage } from "../../../core/contracts/pages";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { loadStaffPages } from "./content-page-records";

/** Every content page, published or not, in footer order (decision 035). */
export async function listContentPages(deps: { db: Queryable }, actor: Actor): Promise<StaffPage[]> {
  authorize(actor, "staff.pages.manage", null);
  return loadStaffPages(deps.db);
}
