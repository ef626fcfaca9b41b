import { asc, desc, eq } from "drizzle-orm";
import type { Actor } from "../../core/domain/permissions";
import type { WaiverPersonType } from "../../core/domain/waivers";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { eventWaivers, waiverTexts, waiverTextVersions } from "../db/schema";
import { eventWaiverOf, type WaiverVersionRow } from "./waiver-records";

export type WaiverTextSummary = { id: string; name: string; versions: WaiverVersionRow[] };

/** The back office's waiver texts, each with its versions (newest first). */
export async function listWaiverTexts(deps: { db: Queryable }, actor: Actor): Promise<WaiverTextSummary[]> {
  authorize(actor, "staff.waivers.manage", null);
  const texts = await deps.db.select().from(waiverTexts).orderBy(asc(waiverTexts.name), asc(waiverTexts.id));
  const versions = await deps.db.select().from(waiverTextVersions).orderBy(desc(waiverTextVersions.version));
  return texts.map((text) => ({ id: text.id, name: text.name, versions: versions.filter((version) => version.waiverId === text.id) }));
}

/** An event's waiver as the back office edits it: which text and person types, and the version people sign now. */
export async function readEventWaiver(
  deps: { db: Queryable },
  actor: Actor,
  input: { eventId: string },
): Promise<{ waiverId: string; personTypes: WaiverPersonType[]; version: number } | null> {
  authorize(actor, "staff.waivers.manage", null);
  const waiver = await eventWaiverOf(deps.db, input.eventId);
  if (waiver) return { waiverId: waiver.waiverId, personTypes: waiver.personTypes, version: waiver.version.version };
  // Attached, but its text has no version (cannot happen through the verbs; read anyway).
  const [row] = await deps.db.select().from(eventWaivers).where(eq(eventWaivers.eventId, input.eventId)).limit(1);
  return row ? { waiverId: row.waiverId, personTypes: row.personTypes, version: 0 } : null;
}
