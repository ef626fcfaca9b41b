import { and, eq } from "drizzle-orm";
import { eventState } from "../../../core/domain/event-state";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { offerFreedPlaces, offerPlacesTo, type WaitlistOfferOptions } from "../../bookings/waitlist-offers";
import { releasePlaces } from "../../bookings/places";
import type { Database } from "../../db/client";
import { events, forms, staffAuditLog, waitlistEntries } from "../../db/schema";
import { AppError } from "../../errors";
import type { StaffAuditAction } from "../../../core/domain/staff-audit-entry";

type WaitlistDeps = { db: Database; now: () => Date; publicOrigin: string };
type Input = { eventId: string; entryId: string; staffEmail: string };

/** The entry of the event, locked, with the event locked first (the order every offer round takes). */
async function lockedEntry(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], input: Input) {
  const [event] = await tx.select().from(events).where(eq(events.id, input.eventId)).for("update").limit(1);
  if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
  const [entry] = await tx
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.id, input.entryId), eq(waitlistEntries.eventId, event.id)))
    .for("update")
    .limit(1);
  if (!entry) throw new AppError("NOT_FOUND", "notFound");
  return { event, entry };
}

function audit(tx: Parameters<Parameters<Database["transaction"]>[0]>[0], actor: Actor, input: Input, action: StaffAuditAction, details: Record<string, unknown>, at: Date) {
  return tx.insert(staffAuditLog).values({
    actorId: actor.user?.userId ?? null,
    actorEmail: input.staffEmail,
    action,
    subjectUserId: null,
    details: { event: input.eventId, entry: input.entryId, ...details },
    at,
  });
}

/**
 * Staff offer the free places to one waiting party by hand, out of turn (issue 13): the same offer
 * as the automatic round (places held with the guarded counter, so never an overbooking; the link
 * by e-mail; the expiry job), audited. 409 when the party is not waiting or its places are not free.
 */
export async function offerWaitlistPlaces(deps: WaitlistDeps, actor: Actor, input: Input) {
  authorize(actor, "staff.waitlist.manage", null);
  const now = deps.now();
  const options: WaitlistOfferOptions = { publicOrigin: deps.publicOrigin };
  return deps.db.transaction(async (tx) => {
    const { event, entry } = await lockedEntry(tx, input);
    if (entry.status !== "waiting") throw new AppError("CONFLICT", "waitlistEntryNotWaiting");
    const state = eventState(event, now);
    if (state !== "bookable" && state !== "fully_booked") throw new AppError("CONFLICT", "waitlistEventClosed");
    const [form] = await tx.select({ id: forms.id }).from(forms).where(eq(forms.eventId, event.id)).limit(1);
    if (!form) throw new AppError("CONFLICT", "waitlistNoRoom");
    const offer = await offerPlacesTo(tx, { event, formId: form.id, entry, now, options });
    if (offer === "no_room") throw new AppError("CONFLICT", "waitlistNoRoom", { params: { count: entry.partySize } });
    if (offer === "gone") throw new AppError("CONFLICT", "waitlistEntryNotWaiting");
    await audit(tx, actor, input, "waitlist_offered", { party_size: entry.partySize, expires_at: offer.expiresAt.toISOString() }, now);
    return offer;
  });
}

/**
 * Staff take an entry off the waitlist (asked by the customer, a duplicate): an open offer's places
 * go back and are offered to the next party at once, in the same transaction. Audited.
 */
export async function removeWaitlistEntry(deps: WaitlistDeps, actor: Actor, input: Input) {
  authorize(actor, "staff.waitlist.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const { entry } = await lockedEntry(tx, input);
    if (entry.status !== "waiting" && entry.status !== "offered") throw new AppError("CONFLICT", "waitlistEntryClosed");
    await tx.update(waitlistEntries).set({ status: "cancelled", offerTokenHash: null }).where(eq(waitlistEntries.id, entry.id));
    if (entry.status === "offered") {
      await releasePlaces(tx, entry.eventId, entry.partySize);
      await offerFreedPlaces(tx, entry.eventId, now, { publicOrigin: deps.publicOrigin });
    }
    await audit(tx, actor, input, "waitlist_removed", { from: entry.status, party_size: entry.partySize }, now);
    return { uuid: entry.id, status: "cancelled" as const };
  });
}
