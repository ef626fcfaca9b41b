import { and, eq } from "drizzle-orm";
import { isActiveBooking } from "../../core/domain/booking-status";
import { operatorToday } from "../../core/domain/dates";
import type { Actor } from "../../core/domain/permissions";
import { mustSignWaiver } from "../../core/domain/waivers";
import { authorize, bookingSubject } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { bookings, events, participants, waiverSignatures } from "../db/schema";
import { AppError } from "../errors";
import { openManageLink } from "../bookings/manage-access";
import { parseWaiverLinkToken } from "./waiver-links";
import { eventWaiverOf, type EventWaiver, type WaiverSignatureRow } from "./waiver-records";

/** How a person reaches their waiver: their own sign link, or the booking's manage link and the person's id. */
export type WaiverAccess = { waiverToken: string } | { manageToken: string; participantId: string };

export type OpenedWaiver = {
  booking: typeof bookings.$inferSelect;
  event: typeof events.$inferSelect;
  participant: typeof participants.$inferSelect;
  /** The event's waiver (newest version); null when the event asks none (any more). */
  waiver: EventWaiver | null;
  signature: WaiverSignatureRow | null;
  /** Whether this person must sign (the event's waiver names their type). */
  required: boolean;
  actor: Actor;
};

/**
 * What a sign link or the manage page's sign button opens (decision 080). A link not made with our
 * secret, or naming nobody, or a person of another booking than the manage link's, is "not found" with
 * nothing revealed; a link of an earlier manage-link generation or after the event is "gone" as the
 * manage link is. `lock` locks the person's row for the rest of the caller's transaction.
 */
export async function openWaiver(deps: { db: Queryable; manageLinkSecret: string; now: () => Date }, caller: Actor, input: { access: WaiverAccess; lock?: boolean }): Promise<OpenedWaiver> {
  const { access } = input;
  let bookingId: string;
  let participantId: string;
  let actor: Actor;
  if ("manageToken" in access) {
    const managed = await openManageLink(deps, caller, { token: access.manageToken });
    bookingId = managed.booking.id;
    participantId = access.participantId;
    actor = managed.actor;
  } else {
    const named = parseWaiverLinkToken(deps.manageLinkSecret, access.waiverToken);
    if (!named) throw new AppError("NOT_FOUND", "waiverLinkNotFound");
    const [row] = await deps.db
      .select({ bookingId: participants.bookingId, generation: bookings.manageLinkGeneration, status: bookings.status })
      .from(participants)
      .innerJoin(bookings, eq(bookings.id, participants.bookingId))
      .where(eq(participants.id, named.participantId))
      .limit(1);
    if (!row || row.status === "draft" || named.generation > row.generation) throw new AppError("NOT_FOUND", "waiverLinkNotFound");
    if (named.generation < row.generation) throw new AppError("GONE", "manageLinkRevoked");
    bookingId = row.bookingId;
    participantId = named.participantId;
    actor = { ...caller, manageLinkBookingId: row.bookingId };
  }
  const query = deps.db
    .select({ participant: participants, booking: bookings, event: events })
    .from(participants)
    .innerJoin(bookings, eq(bookings.id, participants.bookingId))
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(participants.id, participantId), eq(participants.bookingId, bookingId)));
  const [row] = input.lock ? await query.for("update", { of: participants }).limit(1) : await query.limit(1);
  if (!row) throw new AppError("NOT_FOUND", "waiverLinkNotFound");
  if (operatorToday(deps.now()) > row.event.endsOn) throw new AppError("GONE", "manageLinkExpired");
  authorize(actor, "booking.manage", bookingSubject(row.booking));
  const waiver = await eventWaiverOf(deps.db, row.event.id);
  const [signature] = await deps.db.select().from(waiverSignatures).where(eq(waiverSignatures.participantId, participantId)).limit(1);
  const required = isActiveBooking(row.booking.status) && mustSignWaiver(row.participant, waiver?.personTypes ?? null);
  return { ...row, waiver, signature: signature ?? null, required, actor };
}
