import type { StaffPage } from "../../../core/contracts/pages";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { loadStaffPage, toStaffPage } from "./content-page-records";

/** One content page with every language's name, slug and content, for its editor. */
export async function readContentPage(deps: { db: Queryable }, actor: Actor, input: { pageId: string }): Promise<StaffPage> {
  authorize(actor, "staff.pages.manage", null);
  const { page, translations } = await loadStaffPage(deps.db, input.pageId);
  return toStaffPage(page, translations);
}
