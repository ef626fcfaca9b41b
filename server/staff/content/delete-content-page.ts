import { eq } from "drizzle-orm";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { pages } from "../../db/schema";
import { loadStaffPage } from "./content-page-records";
import { auditContentChange } from "./site-settings-records";

/** Staff delete a content page and its translations (decision 035); the audit row keeps its names. */
export async function deleteContentPage(deps: { db: Database; now: () => Date }, actor: Actor, input: { pageId: string; actorEmail: string }): Promise<void> {
  authorize(actor, "staff.pages.manage", null);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const { page, translations } = await loadStaffPage(tx, input.pageId, { forUpdate: true });
    // The terms, the privacy policy and the imprint stay, whoever asks (issue 30).
    authorize(actor, "staff.pages.delete", { legalKey: page.legalKey });
    await tx.delete(pages).where(eq(pages.id, page.id));
    const names = Object.fromEntries(translations.map((row) => [row.locale, row.name]));
    await auditContentChange(tx, { actor, actorEmail: input.actorEmail, action: "page_deleted", details: { page: page.id, names }, at: now });
  });
}
