import { asc, eq } from "drizzle-orm";
import type { StaffPage } from "../../../core/contracts/pages";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { pages } from "../../db/schema";
import { notFound } from "../../errors";
import { loadStaffPages } from "./content-page-records";
import { auditContentChange } from "./site-settings-records";

/**
 * Staff move a content page one place up or down in the footer menu (decision 035). Every page is
 * renumbered 0…n-1 under a lock, so positions stay distinct whatever they were (the seed's, ties).
 * The first page moved up (the last down) stays: not an error, nothing written. Answers every page in the new order.
 */
export async function moveContentPage(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { pageId: string; direction: "up" | "down"; actorEmail: string },
): Promise<StaffPage[]> {
  authorize(actor, "staff.pages.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const order = await tx.select({ id: pages.id }).from(pages).orderBy(asc(pages.position), asc(pages.createdAt), asc(pages.id)).for("update");
    const from = order.findIndex((row) => row.id === input.pageId);
    if (from < 0) throw notFound("pageNotFound");
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= order.length) return loadStaffPages(tx);
    const ids = order.map((row) => row.id);
    [ids[from], ids[to]] = [ids[to] as string, ids[from] as string];
    for (const [position, id] of ids.entries()) await tx.update(pages).set({ position }).where(eq(pages.id, id));
    await auditContentChange(tx, { actor, actorEmail: input.actorEmail, action: "page_moved", details: { page: input.pageId, from, to }, at: now });
    return loadStaffPages(tx);
  });
}
