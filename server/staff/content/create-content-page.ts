import { sql } from "drizzle-orm";
import type { StaffPage, StaffPageChange } from "../../../core/contracts/pages";
import type { LegalPageKey } from "../../../core/domain/legal-pages";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { isUniqueViolation } from "../../accounts/account-records";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { pages, pageTranslations } from "../../db/schema";
import { resolveTranslations, slugTakenError, toStaffPage } from "./content-page-records";
import { auditContentChange } from "./site-settings-records";

/**
 * Staff create a content page (decision 035): unpublished, at the end of the footer menu, in every
 * language at once; slugs made or checked, content sanitized. One transaction with its audit row.
 */
export async function createContentPage(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { change: StaffPageChange; actorEmail: string; locale: Locale; fixedId?: string | undefined; legalKey?: LegalPageKey | undefined },
): Promise<StaffPage> {
  authorize(actor, "staff.pages.manage", null);
  // A legal page is made by the seed (no contract carries the key); its edits are admins' (issue 30).
  const legalKey = input.legalKey ?? null;
  if (legalKey !== null) authorize(actor, "staff.pages.edit", { legalKey });
  // Only the seed names the id (the demo's fixed ones); no contract carries it (decision 043).
  if (input.fixedId !== undefined) authorize(actor, "seed.fixed-ids", null);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const translations = await resolveTranslations(tx, { change: input.change, pageId: null, locale: input.locale, legal: legalKey !== null });
      const [last] = await tx.select({ position: sql<number>`coalesce(max(${pages.position}), -1)::int` }).from(pages);
      const [page] = await tx
        .insert(pages)
        .values({
          ...(input.fixedId === undefined ? {} : { id: input.fixedId }),
          legalKey,
          showOnMobile: input.change.show_on_mobile,
          position: (last?.position ?? -1) + 1,
          published: false,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!page) throw new Error("page insert returned nothing");
      const rows = await tx
        .insert(pageTranslations)
        .values(translations.map((translation) => ({ pageId: page.id, ...translation })))
        .returning();
      await auditContentChange(tx, {
        actor,
        actorEmail: input.actorEmail,
        action: "page_created",
        details: { page: page.id, name: translations[0]?.name },
        at: now,
      });
      return toStaffPage(page, rows);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTakenError(input.locale);
    throw error;
  }
}
