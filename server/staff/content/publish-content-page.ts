import { eq } from "drizzle-orm";
import type { StaffPage } from "../../../core/contracts/pages";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { pages } from "../../db/schema";
import { loadStaffPage, toStaffPage } from "./content-page-records";
import { auditContentChange } from "./site-settings-records";

/** Staff publish a content page (it joins the footer menu and its address answers) or take it back (decision 035). */
export async function publishContentPage(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { pageId: string; published: boolean; actorEmail: string },
): Promise<StaffPage> {
  authorize(actor, "staff.pages.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { page, translations } = await loadStaffPage(tx, input.pageId, { forUpdate: true });
    // A legal page stays reachable (§ 5 DDG for the imprint; issue 30): nobody takes it off the site.
    if (!input.published) authorize(actor, "staff.pages.unpublish", { legalKey: page.legalKey });
    if (page.published === input.published) return toStaffPage(page, translations);
    const [updated] = await tx.update(pages).set({ published: input.published, updatedAt: now }).where(eq(pages.id, page.id)).returning();
    if (!updated) throw new Error("page update returned nothing");
    const action = input.published ? "page_published" : "page_unpublished";
    await auditContentChange(tx, { actor, actorEmail: input.actorEmail, action, details: { page: page.id }, at: now });
    return toStaffPage(updated, translations);
  });
}
