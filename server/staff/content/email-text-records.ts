import { editableEmailTemplate, emailTextLimits, type EditableEmailTemplate } from "../../../core/domain/editable-email-texts";
import type { EmailTextFieldsInput } from "../../../core/contracts/staff-email-texts";
import { unknownPlaceholders } from "../../../core/domain/email-text-placeholders";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import { isLocale, type Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { staffAuditLog } from "../../db/schema";
import { AppError } from "../../errors";

/** The editable template and language a call names; 404 for any other. */
export function emailTextTarget(template: string, locale: string): { entry: EditableEmailTemplate; locale: Locale } {
  const entry = editableEmailTemplate(template);
  if (!entry || !isLocale(locale)) throw new AppError("NOT_FOUND", "emailTextTemplateNotFound");
  return { entry, locale };
}

/**
 * Staff's texts checked against the template (decision 037): known fields only, one line where the
 * field is one line, within the length, and only the template's placeholders. Every problem is a
 * field error in the request's language; nothing is saved unless all pass. Empty or null: the default.
 */
export function checkedFieldTexts(entry: EditableEmailTemplate, fields: EmailTextFieldsInput, requestLocale: Locale): Map<string, string | null> {
  const t = translatorFor(requestLocale);
  const errors: Record<string, string[]> = {};
  const checked = new Map<string, string | null>();
  for (const [name, raw] of Object.entries(fields)) {
    const field = entry.fields.find((candidate) => candidate.name === name);
    if (!field) {
      errors[name] = [t("api.emailTextUnknownField")];
      continue;
    }
    const text = (raw ?? "").replace(/\r\n?/g, "\n").trim();
    const problems: string[] = [];
    const max = field.multiline ? emailTextLimits.multiline : emailTextLimits.singleLine;
    if (text.length > max) problems.push(t("api.emailTextTooLong", { max }));
    if (!field.multiline && text.includes("\n")) problems.push(t("api.emailTextOneLine"));
    const unknown = unknownPlaceholders(text, entry.placeholders);
    if (unknown.length > 0) problems.push(t("api.emailTextUnknownPlaceholder", { names: unknown.map((placeholder) => `{${placeholder}}`).join(", ") }));
    if (problems.length > 0) errors[name] = problems;
    else checked.set(name, text === "" ? null : text);
  }
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: errors });
  return checked;
}

/** The audit row of a staff change to the e-mail texts. */
export async function auditEmailTextChange(
  db: Queryable,
  actor: Actor,
  staffEmail: string,
  action: "email_text_saved" | "email_text_reset",
  details: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await db.insert(staffAuditLog).values({ actorId: actor.user?.userId ?? null, actorEmail: staffEmail, action, subjectUserId: null, details, at });
}
