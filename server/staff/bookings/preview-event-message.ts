import type { EventMessageBody, EventMessagePreview } from "../../../core/contracts/event-messages";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { parseEmailMessage } from "../../deps/email-messages";
import { loadEmailTextOverrides } from "../../email/email-text-overrides";
import { renderEmail } from "../../email/render-email";
import { eventMessageMailOf, eventMessageRecipients, operatorReplyTo } from "./event-message-recipients";
import type { StaffActionDeps } from "./staff-booking";

/**
 * `POST api/staff/events/{uuid}/messages/preview` (issue 31): how many bookings the message reaches (per
 * language), and the mail the first of them would get, rendered as the mail worker renders it. Reads only.
 */
export async function previewEventMessage(deps: StaffActionDeps, actor: Actor, input: { eventId: string; message: EventMessageBody }): Promise<EventMessagePreview> {
  authorize(actor, "staff.events.send-message", null);
  const recipients = await eventMessageRecipients(deps.db, input.eventId, input.message);
  const byLocale: Record<string, number> = {};
  for (const booking of recipients) byLocale[booking.locale] = (byLocale[booking.locale] ?? 0) + 1;
  const first = recipients[0];
  const mail = first ? await eventMessageMailOf(deps.db, deps, first, input.message, await operatorReplyTo(deps.db)) : null;
  if (!mail) return { count: recipients.length, by_locale: byLocale, mail: null };
  const parsed = parseEmailMessage({ template: mail.template, payload: mail.payload });
  const rendered = await renderEmail(parsed, mail.locale, await loadEmailTextOverrides(deps.db, mail.template, mail.locale));
  return {
    count: recipients.length,
    by_locale: byLocale,
    mail: { to: mail.to, locale: mail.locale, code: mail.payload.code, subject: rendered.subject, text: rendered.text, html: rendered.html },
  };
}
