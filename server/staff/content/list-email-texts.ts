import type { EmailTextListEntry } from "../../../core/contracts/staff-email-texts";
import { editableEmailTemplates } from "../../../core/domain/editable-email-texts";
import type { Actor } from "../../../core/domain/permissions";
import { locales } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { emailTextOverrides } from "../../db/schema";

/** Every editable e-mail with, per language, the fields staff have reworded (decision 037). */
export async function listEmailTexts(deps: { db: Database }, actor: Actor): Promise<EmailTextListEntry[]> {
  authorize(actor, "staff.email-texts.manage", null);
  const rows = await deps.db
    .select({ template: emailTextOverrides.template, locale: emailTextOverrides.locale, field: emailTextOverrides.field })
    .from(emailTextOverrides);
  return editableEmailTemplates.map((entry) => ({
    template: entry.template,
    fields: entry.fields.map((field) => field.name),
    locales: locales.map((locale) => {
      const overridden = entry.fields
        .map((field) => field.name)
        .filter((name) => rows.some((row) => row.template === entry.template && row.locale === locale && row.field === name));
      return { locale, overridden_fields: overridden, overridden: overridden.length > 0 };
    }),
  }));
}
