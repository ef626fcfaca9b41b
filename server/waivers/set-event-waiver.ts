import { eq } from "drizzle-orm";
import type { SetEventWaiver } from "../../core/contracts/waivers";
import type { Actor } from "../../core/domain/permissions";
import { waiverPersonTypes } from "../../core/domain/waivers";
import { authorize } from "../auth/authorize";
import type { Database } from "../db/client";
import { eventWaivers, events, waiverTexts } from "../db/schema";
import { AppError } from "../errors";
import { writeStaffAudit } from "../staff/audit/staff-audit-records";

/**
 * Staff attach a waiver text to an event, asked of the person types chosen, or take it off (`waiver_id`
 * null). Signatures already given stay as they are. Audited (`event_waiver_set`).
 */
export async function setEventWaiver(deps: { db: Database; now: () => Date }, actor: Actor, input: SetEventWaiver & { eventId: string; staffEmail: string }): Promise<void> {
  authorize(actor, "staff.waivers.manage", null);
  const now = deps.now();
  // In the list's order, each once.
  const personTypes = waiverPersonTypes.filter((type) => input.person_types.includes(type));
  await deps.db.transaction(async (tx) => {
    const [event] = await tx.select({ id: events.id }).from(events).where(eq(events.id, input.eventId)).limit(1);
    if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
    if (input.waiver_id === null) {
      await tx.delete(eventWaivers).where(eq(eventWaivers.eventId, input.eventId));
    } else {
      const [waiver] = await tx.select({ id: waiverTexts.id }).from(waiverTexts).where(eq(waiverTexts.id, input.waiver_id)).limit(1);
      if (!waiver) throw new AppError("NOT_FOUND", "waiverNotFound");
      await tx
        .insert(eventWaivers)
        .values({ eventId: input.eventId, waiverId: input.waiver_id, personTypes, updatedAt: now })
        .onConflictDoUpdate({ target: eventWaivers.eventId, set: { waiverId: input.waiver_id, personTypes, updatedAt: now } });
    }
    await writeStaffAudit(tx, actor, {
      action: "event_waiver_set",
      details: { event: input.eventId, waiver: input.waiver_id, personTypes },
      at: now,
      actorEmail: input.staffEmail || undefined,
    });
  });
}
