import { eq } from "drizzle-orm";
import type { BookingEmail } from "../../../core/contracts/staff-actions";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { outboxEmails } from "../../db/schema";
import { AppError } from "../../errors";
import { emailAnswerOf } from "./booking-emails";
import { customerOf, lockBooking, queuedMailId, recordStaffAction, type StaffActionDeps, type StaffMember } from "./staff-booking";

/**
 * `POST api/staff/bookings/{uuid}/messages`: a free message to the main participant in the site's
 * frame (templates/staff-message.tsx escapes it), with the manage link; audited, and listed with
 * the booking's mails (it names its booking).
 */
export async function sendStaffMessage(
  deps: StaffActionDeps,
  actor: Actor,
  input: { bookingId: string; subject: string; body: string; staff: StaffMember },
): Promise<BookingEmail> {
  authorize(actor, "staff.bookings.send-email", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const customer = await customerOf(tx, deps, booking);
    if (!customer) throw new AppError("CONFLICT", "customerHasNoEmail");
    const queued = await deps.enqueueMail(tx, {
      template: "staff-message",
      locale: booking.locale,
      to: customer.email,
      bookingId: booking.id,
      payload: { name: customer.name, code: customer.code, eventTitle: customer.eventTitle, subject: input.subject, body: input.body, manageUrl: customer.manageUrl },
    });
    const id = queuedMailId(queued);
    const [row] = id ? await tx.select().from(outboxEmails).where(eq(outboxEmails.id, id)).limit(1) : [];
    if (!row) throw new Error("the message was not queued");
    await recordStaffAction(tx, {
      booking,
      staff: input.staff,
      action: "message_sent",
      cause: `message "${input.subject}" sent to ${customer.email} by staff ${input.staff.email}`,
      details: { outboxId: row.id, subject: input.subject },
      now,
    });
    return emailAnswerOf(row);
  });
}
