import { eq, max } from "drizzle-orm";
import type { SaveWaiverText } from "../../core/contracts/waivers";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import type { Database } from "../db/client";
import { waiverTexts, waiverTextVersions } from "../db/schema";
import { AppError } from "../errors";
import { writeStaffAudit } from "../staff/audit/staff-audit-records";
import { versionHashes } from "./waiver-records";

/**
 * Staff write a waiver text (decision 080): a new text with its version 1, or a new version of an
 * existing one. A version is never changed afterwards, so whoever signed an earlier one keeps exactly
 * that text. Audited (`waiver_text_saved`) in the same transaction.
 */
export async function saveWaiverText(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: SaveWaiverText & { staffEmail: string },
): Promise<{ waiverId: string; versionId: string; version: number }> {
  authorize(actor, "staff.waivers.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    let waiverId = input.waiver_id;
    if (waiverId) {
      const [existing] = await tx.select({ id: waiverTexts.id }).from(waiverTexts).where(eq(waiverTexts.id, waiverId)).for("update").limit(1);
      if (!existing) throw new AppError("NOT_FOUND", "waiverNotFound");
      await tx.update(waiverTexts).set({ name: input.name, updatedAt: now }).where(eq(waiverTexts.id, waiverId));
    } else {
      const [created] = await tx.insert(waiverTexts).values({ name: input.name, createdAt: now, updatedAt: now }).returning({ id: waiverTexts.id });
      if (!created) throw new Error("waiver text not created");
      waiverId = created.id;
    }
    const [last] = await tx.select({ version: max(waiverTextVersions.version) }).from(waiverTextVersions).where(eq(waiverTextVersions.waiverId, waiverId));
    const version = (last?.version ?? 0) + 1;
    const texts = { title: input.title, body: input.body };
    const [row] = await tx
      .insert(waiverTextVersions)
      .values({ waiverId, version, ...texts, hashes: versionHashes(texts), createdBy: input.staffEmail, createdAt: now })
      .returning({ id: waiverTextVersions.id });
    if (!row) throw new Error("waiver version not created");
    await writeStaffAudit(tx, actor, { action: "waiver_text_saved", details: { waiver: waiverId, name: input.name, version }, at: now, actorEmail: input.staffEmail || undefined });
    return { waiverId, versionId: row.id, version };
  });
}
