import { and, eq } from "drizzle-orm";
import type { EmailTextDetail } from "../../../core/contracts/staff-email-texts";
import { catalogueTextAsPlaceholders, emailTextLimits, type EditableEmailTemplate } from "../../../core/domain/editable-email-texts";
import type { Actor } from "../../../core/domain/permissions";
import { catalogueOf } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { emailTextOverrides, users } from "../../db/schema";
import { emailTextTarget } from "./email-text-records";

/** A catalogue text by its dotted key in the `email` namespace, unfilled. */
function catalogueText(locale: Locale, key: string): string | null {
  let node: unknown = catalogueOf(locale).email;
  for (const part of key.split(".")) node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return typeof node === "string" ? node : null;
}

/** The detail of a template in a language: each field's default(s) in the editor's syntax and staff's override. */
export async function emailTextDetail(db: Queryable, entry: EditableEmailTemplate, locale: Locale): Promise<EmailTextDetail> {
  const rows = await db
    .select({ field: emailTextOverrides.field, text: emailTextOverrides.text, updatedAt: emailTextOverrides.updatedAt, updatedBy: users.email })
    .from(emailTextOverrides)
    .leftJoin(users, eq(users.id, emailTextOverrides.updatedBy))
    .where(and(eq(emailTextOverrides.template, entry.template), eq(emailTextOverrides.locale, locale)));
  return {
    template: entry.template as EmailTextDetail["template"],
    locale,
    placeholders: [...entry.placeholders],
    fields: entry.fields.map((field) => {
      const row = rows.find((candidate) => candidate.field === field.name);
      const defaults = field.keys.map((key) => catalogueText(locale, key)).filter((text): text is string => text !== null);
      return {
        name: field.name,
        multiline: field.multiline,
        max_length: field.multiline ? emailTextLimits.multiline : emailTextLimits.singleLine,
        defaults: [...new Set(defaults.map((text) => catalogueTextAsPlaceholders(text, entry.catalogueVariables)))],
        override: row?.text ?? null,
        updated_at: row?.updatedAt.toISOString() ?? null,
        updated_by: row?.updatedBy ?? null,
      };
    }),
  };
}

export async function readEmailText(deps: { db: Queryable }, actor: Actor, input: { template: string; locale: string }): Promise<EmailTextDetail> {
  authorize(actor, "staff.email-texts.manage", null);
  const { entry, locale } = emailTextTarget(input.template, input.locale);
  return emailTextDetail(deps.db, entry, locale);
}
