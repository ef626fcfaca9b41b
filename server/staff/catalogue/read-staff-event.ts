import type { StaffEvent } from "../../../core/contracts/staff-catalogue";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { readStaffEventRecord, type CatalogueDeps } from "./catalogue-records";

/** One event as the back office edits it (every language side by side; decision 034). */
export async function readStaffEvent(deps: CatalogueDeps, actor: Actor, input: { eventId: string }): Promise<StaffEvent> {
  authorize(actor, "staff.catalogue.read", null);
  return readStaffEventRecord(deps.db, input.eventId);
}
