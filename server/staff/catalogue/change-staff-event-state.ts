import { eq } from "drizzle-orm";
import type { StaffEvent, StaffEventStateChange } from "../../../core/contracts/staff-catalogue";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { events } from "../../db/schema";
import { AppError } from "../../errors";
import { auditCatalogueAction, readStaffEventRecord, type CatalogueDeps, type CatalogueStaff } from "./catalogue-records";
import { assertPricedToPublish } from "./event-price-checks";

const auditActions = {
  publish: "event_published",
  unpublish: "event_unpublished",
  archive: "event_archived",
  restore: "event_restored",
} as const satisfies Record<StaffEventStateChange, string>;

/**
 * Publish, unpublish, archive or restore an event (decision 034). Archiving also takes it off the
 * public site; an archived event is restored before it can be published again, and an event whose
 * main participant, resources or booking form's choices lack a price is not published. Audited (from → to).
 */
export async function changeStaffEventState(
  deps: CatalogueDeps,
  actor: Actor,
  input: CatalogueStaff & { eventId: string; change: StaffEventStateChange },
): Promise<StaffEvent> {
  authorize(actor, "staff.catalogue.manage", null);
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).for("update").limit(1);
    if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
    const stateOf = (row: { published: boolean; archivedAt: Date | null }) => (row.archivedAt ? "archived" : row.published ? "published" : "unpublished");
    let next: { published: boolean; archivedAt: Date | null };
    switch (input.change) {
      case "publish":
        if (event.archivedAt) throw new AppError("CONFLICT", "eventArchived");
        // Nothing is sold at €0.00 by mistake: the main participant and every choice have a price (issue 28).
        await assertPricedToPublish(tx, event.id, input.locale);
        next = { published: true, archivedAt: null };
        break;
      case "unpublish":
        next = { published: false, archivedAt: event.archivedAt };
        break;
      case "archive":
        next = { published: false, archivedAt: event.archivedAt ?? now };
        break;
      case "restore":
        next = { published: false, archivedAt: null };
        break;
    }
    await tx
      .update(events)
      .set({ ...next, updatedAt: now })
      .where(eq(events.id, event.id));
    await auditCatalogueAction(tx, {
      actor,
      actorEmail: input.actorEmail,
      action: auditActions[input.change],
      details: { event: event.id, from: stateOf(event), to: stateOf(next) },
      at: now,
    });
  });
  return readStaffEventRecord(deps.db, input.eventId);
}
