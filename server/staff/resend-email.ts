import { and, eq } from "drizzle-orm";
import type { BookingEmail } from "../../core/contracts/staff-actions";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { outboxEmails } from "../db/schema";
import { InvalidEmailMessageError, parseEmailMessage } from "../email/email-messages";
import { AppError } from "../errors";
import { bookingMailCondition, bookingMails, emailAnswerOf, type OutboxRow } from "./booking-emails";
import { lockBooking, queuedMailId, recordStaffAction, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

/**
 * `POST api/staff/bookings/{uuid}/emails/resend`: queues a copy of one of the booking's mails, to
 * the same address, in the same language, with the same content (links included), audited.
 */
export async function resendEmail(deps: StaffActionDeps, actor: Actor, input: { bookingId: string; outboxId: string; staff: StaffMember }): Promise<BookingEmail> {
  authorize(actor, "staff.bookings.send-email", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const [mail] = await tx
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.id, input.outboxId), bookingMailCondition(booking)))
      .limit(1);
    if (!mail) throw new AppError("NOT_FOUND", "emailNotFound");
    return queueCopy(tx, deps, { booking, mail, staff: input.staff, now });
  });
}

/** The bulk action "resend confirmation": the booking's latest confirmation mail sent again. */
export async function resendConfirmation(deps: StaffActionDeps, actor: Actor, input: { bookingId: string; staff: StaffMember }): Promise<BookingEmail> {
  authorize(actor, "staff.bookings.send-email", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const mail = (await bookingMails(tx, booking)).filter((row) => row.template === "booking-received").at(-1);
    if (!mail) throw new AppError("CONFLICT", "noConfirmationEmail");
    return queueCopy(tx, deps, { booking, mail, staff: input.staff, now });
  });
}

async function queueCopy(tx: Queryable, deps: StaffActionDeps, input: { booking: BookingRow; mail: OutboxRow; staff: StaffMember; now: Date }): Promise<BookingEmail> {
  const { booking, mail } = input;
  let message;
  try {
    message = parseEmailMessage({ template: mail.template, payload: mail.payload });
  } catch (error) {
    // A mail written under an older template version cannot be rendered again as it was.
    if (error instanceof InvalidEmailMessageError) throw new AppError("CONFLICT", "emailNotResendable");
    throw error;
  }
  const queued = await deps.enqueueMail(tx, { ...message, to: mail.toAddress, locale: mail.locale, bookingId: booking.id });
  const copyId = queuedMailId(queued);
  const [copy] = copyId ? await tx.select().from(outboxEmails).where(eq(outboxEmails.id, copyId)).limit(1) : [];
  await recordStaffAction(tx, {
    booking,
    staff: input.staff,
    action: "email_resent",
    cause: `e-mail ${mail.template} sent again to ${mail.toAddress} by staff ${input.staff.email}`,
    details: { outboxId: mail.id, ...(copy ? { copyOutboxId: copy.id } : {}), template: mail.template },
    now: input.now,
  });
  return emailAnswerOf(copy ?? mail);
}
