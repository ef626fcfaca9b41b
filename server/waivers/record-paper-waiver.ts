import { and, eq } from "drizzle-orm";
import type { RecordPaperWaiver, WaiverSigned } from "../../core/contracts/waivers";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import type { Database } from "../db/client";
import { participants, waiverSignatures } from "../db/schema";
import { AppError } from "../errors";
import { writeStaffAudit } from "../staff/audit/staff-audit-records";
import { lockBooking, recordStaffAction, type StaffMember } from "../staff/bookings/staff-booking";
import { eventWaiverOf, versionText, waiverTextHash } from "./waiver-records";

/**
 * Staff record a waiver signed on paper for one person of a booking (decision 080): stored as a
 * signature of the event's current version in the booking's language, method `paper`, with who recorded
 * it; a row in the booking's trail and one in the staff audit log, in one transaction. Refused when the
 * event asks no waiver or the person has one already.
 */
export async function recordPaperWaiver(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: RecordPaperWaiver & { bookingId: string; staff: StaffMember },
): Promise<WaiverSigned> {
  authorize(actor, "staff.waivers.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const [participant] = await tx
      .select()
      .from(participants)
      .where(and(eq(participants.id, input.participant_id), eq(participants.bookingId, booking.id)))
      .limit(1);
    if (!participant) throw new AppError("NOT_FOUND", "waiverLinkNotFound");
    const waiver = await eventWaiverOf(tx, booking.eventId);
    if (!waiver) throw new AppError("CONFLICT", "waiverNotRequired");
    const [existing] = await tx.select({ id: waiverSignatures.id }).from(waiverSignatures).where(eq(waiverSignatures.participantId, participant.id)).limit(1);
    if (existing) throw new AppError("CONFLICT", "waiverAlreadySigned");
    const textHash = waiverTextHash(versionText(waiver.version, booking.locale).text);
    await tx.insert(waiverSignatures).values({
      participantId: participant.id,
      bookingId: booking.id,
      versionId: waiver.version.id,
      locale: booking.locale,
      textHash,
      method: "paper",
      fullName: input.full_name,
      dateOfBirth: input.date_of_birth ?? null,
      recordedBy: input.staff.email,
      signedAt: now,
    });
    await recordStaffAction(tx, {
      booking,
      staff: input.staff,
      action: "paper_waiver_recorded",
      cause: `paper waiver of ${input.full_name} recorded by staff ${input.staff.email}`,
      details: { participant: participant.id, person: input.full_name, version: waiver.version.version },
      now,
    });
    await writeStaffAudit(tx, actor, {
      action: "paper_waiver_recorded",
      details: { event: booking.eventId, booking: booking.id, code: booking.code, person: input.full_name },
      at: now,
      actorEmail: input.staff.email || undefined,
    });
    return { participant_id: participant.id, method: "paper", signed_at: now.toISOString(), text_hash: textHash };
  });
}
