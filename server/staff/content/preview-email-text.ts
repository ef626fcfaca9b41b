import { and, desc, eq } from "drizzle-orm";
import type { EmailTextPreview, EmailTextPreviewInput } from "../../../core/contracts/staff-email-texts";
import type { EditableEmailTemplateName } from "../../../core/domain/editable-email-texts";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { bookings, outboxEmails } from "../../db/schema";
import { parseEmailMessage, type EmailMessage } from "../../deps/email-messages";
import { loadEmailTextOverrides, type EmailTextOverride } from "../../email/email-text-overrides";
import { renderEmail } from "../../email/render-email";
import { AppError } from "../../errors";
import { checkedFieldTexts, emailTextTarget } from "./email-text-records";
import { sampleEmailMessages } from "./email-text-samples";

type Input = { template: string; locale: string; body: EmailTextPreviewInput; requestLocale: Locale };

/**
 * The mail of a real booking: the latest one of this template the site wrote for it (its payload is
 * exactly what the customer got), or the sample with the booking's code when it never got one.
 */
async function messageOfBooking(db: Database, template: EditableEmailTemplateName, code: string, requestLocale: Locale): Promise<EmailMessage> {
  const [booking] = await db.select({ id: bookings.id, code: bookings.code }).from(bookings).where(eq(bookings.code, code)).limit(1);
  if (!booking)
    throw new AppError("VALIDATION_FAILED", "invalidRequest", {
      fieldErrors: { booking_code: [translatorFor(requestLocale)("api.emailTextBookingNotFound")] },
    });
  const [stored] = await db
    .select({ template: outboxEmails.template, payload: outboxEmails.payload })
    .from(outboxEmails)
    .where(and(eq(outboxEmails.bookingId, booking.id), eq(outboxEmails.template, template)))
    .orderBy(desc(outboxEmails.createdAt))
    .limit(1);
  if (stored) {
    try {
      return parseEmailMessage(stored);
    } catch {
      // An old payload that no longer parses previews with the sample instead.
    }
  }
  const sample = sampleEmailMessages[template];
  return { ...sample, payload: { ...sample.payload, code: booking.code ?? code } } as EmailMessage;
}

/**
 * Renders a template in a language as it would be sent (decision 037): subject, HTML and text, with
 * the unsaved texts when given (checked like a save, saved nothing) or the saved ones. Sends nothing.
 */
export async function previewEmailText(deps: { db: Database }, actor: Actor, input: Input): Promise<EmailTextPreview> {
  authorize(actor, "staff.email-texts.manage", null);
  const { entry, locale } = emailTextTarget(input.template, input.locale);
  const template = entry.template as EditableEmailTemplateName;
  let overrides: EmailTextOverride[] = await loadEmailTextOverrides(deps.db, template, locale);
  if (input.body.fields) {
    const unsaved = checkedFieldTexts(entry, input.body.fields, input.requestLocale);
    overrides = [
      ...overrides.filter((override) => !unsaved.has(override.field)),
      ...[...unsaved].flatMap(([field, text]) => (text === null ? [] : [{ field, text }])),
    ];
  }
  const code = input.body.booking_code?.trim();
  const message = code ? await messageOfBooking(deps.db, template, code, input.requestLocale) : sampleEmailMessages[template];
  const rendered = await renderEmail(message, locale, overrides);
  return { subject: rendered.subject, html: rendered.html, text: rendered.text, booking_code: code ? code : null };
}
