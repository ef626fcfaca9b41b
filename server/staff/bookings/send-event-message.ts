import type { EventMessageBody, EventMessageSent } from "../../../core/contracts/event-messages";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { AppError } from "../../errors";
import { writeStaffAudit } from "../audit/staff-audit-records";
import { eventMessageMailOf, eventMessageRecipients, operatorReplyTo } from "./event-message-recipients";
import { queuedMailId, recordStaffAction, type StaffActionDeps, type StaffMember } from "./staff-booking";

export type SendEventMessageInput = { eventId: string; message: EventMessageBody; staff: StaffMember };

/**
 * `POST api/staff/events/{uuid}/messages` (issue 31): one message to every active booking of an event
 * the filter keeps, each in its own language through the outbox, in one transaction with a
 * `message_sent` row in each booking's trail and one `event_message_sent` row in the staff audit log.
 * Refused with nothing sent when the filter reaches nobody.
 */
export async function sendEventMessage(deps: StaffActionDeps, actor: Actor, input: SendEventMessageInput): Promise<EventMessageSent> {
  authorize(actor, "staff.events.send-message", null);
  const now = deps.now();
  const { message } = input;
  return deps.db.transaction(async (tx) => {
    const recipients = await eventMessageRecipients(tx, input.eventId, message);
    if (recipients.length === 0) throw new AppError("CONFLICT", "eventMessageNoRecipients");
    const replyTo = await operatorReplyTo(tx);
    const codes: string[] = [];
    for (const booking of recipients) {
      const mail = await eventMessageMailOf(tx, deps, booking, message, replyTo);
      if (!mail) continue;
      const outboxId = queuedMailId(await deps.enqueueMail(tx, mail));
      await recordStaffAction(tx, {
        booking,
        staff: input.staff,
        action: "message_sent",
        cause: `message "${mail.payload.subject}" to the event's participants sent to ${mail.to} by staff ${input.staff.email}`,
        details: { outboxId, subject: mail.payload.subject, eventMessage: true },
        now,
      });
      codes.push(mail.payload.code);
    }
    await writeStaffAudit(tx, actor, {
      action: "event_message_sent",
      actorEmail: input.staff.email || undefined,
      details: { event: input.eventId, payment: message.payment, day: message.day ?? null, vehicle: message.vehicle ?? null, count: codes.length, subject: message.subject },
      at: now,
    });
    return { count: codes.length, codes };
  });
}
