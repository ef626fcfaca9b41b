import { and, eq } from "drizzle-orm";
import type { BookingEmail } from "../../../core/contracts/staff-actions";
import { bulkActionFit, bulkRefusalMessages, mailFit, mailRefusalMessages, type RuledMailTemplate } from "../../../core/domain/booking-mail-fit";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { outboxEmails } from "../../db/schema";
import { InvalidEmailMessageError, parseEmailMessage, type EmailTemplateName } from "../../deps/email-messages";
import { AppError } from "../../errors";
import { bookingMailCondition, bookingMails, emailAnswerOf, type OutboxRow } from "./booking-emails";
import { lockBooking, queuedMailId, recordStaffAction, type BookingRow, type StaffActionDeps, type StaffMember } from "./staff-booking";

/** Every template the site sends has its rule of when it fits a booking (core/domain/booking-mail-fit.ts): a new one fails to compile here. */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const everyTemplateHasAFitRule: SameUnion<EmailTemplateName, RuledMailTemplate> = true;

/**
 * `POST api/staff/bookings/{uuid}/emails/resend`: queues a copy of one of the booking's mails, to
 * the same address, in the same language, with the same content (links included), audited. A mail
 * that no longer fits the booking's state (a "pay now" to a cancelled booking, "we will call you" to
 * a rejected request) is refused, 409 with the reason, and nothing is sent (issue 28).
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
    const fit = mailFit(mail.template, booking);
    if (!fit.fits) throw new AppError("CONFLICT", mailRefusalMessages[fit.reason]);
    return queueCopy(tx, deps, { booking, mail, staff: input.staff, now });
  });
}

/** The bulk action "resend confirmation": the booking's latest confirmation mail sent again, when it still fits the booking. */
export async function resendConfirmation(deps: StaffActionDeps, actor: Actor, input: { bookingId: string; staff: StaffMember }): Promise<BookingEmail> {
  authorize(actor, "staff.bookings.send-email", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, input.bookingId);
    const fit = bulkActionFit("resend_confirmation", booking);
    if (!fit.fits) throw new AppError("CONFLICT", bulkRefusalMessages[fit.reason]);
    const mail = await latestConfirmation(tx, booking);
    if (!mail) throw new AppError("CONFLICT", "noConfirmationEmail");
    return queueCopy(tx, deps, { booking, mail, staff: input.staff, now });
  });
}

/** The booking's latest confirmation ("booking received"), or null. */
export async function latestConfirmation(tx: Queryable, booking: Pick<BookingRow, "id" | "code">): Promise<OutboxRow | null> {
  return (await bookingMails(tx, booking)).filter((row) => row.template === "booking-received").at(-1) ?? null;
}

/** Whether a stored mail still renders as its template is today (an older format cannot be sent again). */
export function stillRenders(mail: Pick<OutboxRow, "template" | "payload">): boolean {
  try {
    parseEmailMessage({ template: mail.template, payload: mail.payload });
    return true;
  } catch (error) {
    if (error instanceof InvalidEmailMessageError) return false;
    throw error;
  }
}

async function queueCopy(
  tx: Queryable,
  deps: StaffActionDeps,
  input: { booking: BookingRow; mail: OutboxRow; staff: StaffMember; now: Date },
): Promise<BookingEmail> {
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
