import { and, eq } from "drizzle-orm";
import type { StaffPage, StaffPageChange } from "../../../core/contracts/pages";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { isUniqueViolation } from "../../accounts/account-records";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { pages, pageTranslations } from "../../db/schema";
import { loadStaffPage, resolveTranslations, slugTakenError, toStaffPage } from "./content-page-records";
import { auditContentChange } from "./site-settings-records";

/** Staff save a content page's languages and its phone flag (decision 035); audited with the fields that changed. A legal page only admins (issue 30). */
export async function updateContentPage(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { pageId: string; change: StaffPageChange; actorEmail: string; locale: Locale },
): Promise<StaffPage> {
  authorize(actor, "staff.pages.manage", null);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const before = await loadStaffPage(tx, input.pageId, { forUpdate: true });
      // A legal page is admins' to edit (issue 30); asked before anything is written.
      authorize(actor, "staff.pages.edit", { legalKey: before.page.legalKey });
      const translations = await resolveTranslations(tx, { change: input.change, pageId: input.pageId, locale: input.locale, legal: before.page.legalKey !== null });
      const changed: string[] = [];
      if (before.page.showOnMobile !== input.change.show_on_mobile) changed.push("show_on_mobile");
      for (const translation of translations) {
        const old = before.translations.find((row) => row.locale === translation.locale);
        for (const field of ["name", "slug", "content"] as const) if (old?.[field] !== translation[field]) changed.push(`${translation.locale}.${field}`);
        if (old) {
          await tx
            .update(pageTranslations)
            .set({ name: translation.name, slug: translation.slug, content: translation.content })
            .where(and(eq(pageTranslations.pageId, input.pageId), eq(pageTranslations.locale, translation.locale)));
        } else {
          await tx.insert(pageTranslations).values({ pageId: input.pageId, ...translation });
        }
      }
      const [page] = await tx.update(pages).set({ showOnMobile: input.change.show_on_mobile, updatedAt: now }).where(eq(pages.id, input.pageId)).returning();
      if (!page) throw new Error("page update returned nothing");
      await auditContentChange(tx, { actor, actorEmail: input.actorEmail, action: "page_updated", details: { page: page.id, changed }, at: now });
      const rows = await tx.select().from(pageTranslations).where(eq(pageTranslations.pageId, page.id));
      return toStaffPage(page, rows);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTakenError(input.locale);
    throw error;
  }
}
