import { eq } from "drizzle-orm";
import type { StaffEvent } from "../../../core/contracts/staff-catalogue";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { events } from "../../db/schema";
import { AppError } from "../../errors";
import { auditCatalogueAction, readStaffEventRecord, type CatalogueStaff } from "./catalogue-records";
import { removeUnusedImageFiles } from "./event-image-files";
import type { EventImageDeps } from "./set-staff-event-image";

/** Staff take an event's uploaded image away; the event shows its `image_url` again (a demo picture), or none. */
export async function removeStaffEventImage(deps: EventImageDeps, actor: Actor, input: CatalogueStaff & { eventId: string }): Promise<StaffEvent> {
  authorize(actor, "staff.catalogue.manage", null);
  const removed = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select({ image: events.image }).from(events).where(eq(events.id, input.eventId)).for("update").limit(1);
    if (!locked) throw new AppError("NOT_FOUND", "eventNotFound");
    if (!locked.image) return null;
    await tx.update(events).set({ image: null, updatedAt: deps.now() }).where(eq(events.id, input.eventId));
    await auditCatalogueAction(tx, {
      actor,
      actorEmail: input.actorEmail,
      action: "event_image_removed",
      details: { event: input.eventId, image: locked.image.key },
      at: deps.now(),
    });
    return locked.image;
  });
  await removeUnusedImageFiles(deps.db, deps.images, removed);
  return readStaffEventRecord(deps.db, input.eventId);
}
