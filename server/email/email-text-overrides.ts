import { and, eq } from "drizzle-orm";
import { editableEmailTemplate } from "../../core/domain/editable-email-texts";
import { resolvePlaceholders } from "../../core/domain/email-text-placeholders";
import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { emailTextOverrides } from "../db/schema";
import type { EmailMessage } from "../deps/email-messages";
import { placeholderValuesOf } from "./email-placeholder-values";

/** Staff's text for one field of a template in one language (decision 037). */
export type EmailTextOverride = { field: string; text: string };

/** The overrides of a template in a language; none for a template staff cannot edit. */
export async function loadEmailTextOverrides(db: Queryable, template: string, locale: Locale): Promise<EmailTextOverride[]> {
  if (!editableEmailTemplate(template)) return [];
  return db
    .select({ field: emailTextOverrides.field, text: emailTextOverrides.text })
    .from(emailTextOverrides)
    .where(and(eq(emailTextOverrides.template, template), eq(emailTextOverrides.locale, locale)));
}

/**
 * The final text of every catalogue key an override stands in for, its placeholders filled from this
 * mail (a value the mail lacks renders empty). An override of a field the template no longer has is
 * ignored rather than failing the mail.
 */
export function overriddenTextsOf(message: EmailMessage, locale: Locale, overrides: readonly EmailTextOverride[]): Map<string, string> {
  const texts = new Map<string, string>();
  const entry = editableEmailTemplate(message.template);
  if (!entry || overrides.length === 0) return texts;
  const values = placeholderValuesOf(message, locale);
  for (const override of overrides) {
    const field = entry.fields.find((candidate) => candidate.name === override.field);
    if (!field) continue;
    const text = resolvePlaceholders(override.text, values);
    // A one-line field never carries a line break into a subject header or a heading.
    const final = field.multiline ? text : text.replace(/\s*\n\s*/g, " ");
    for (const key of field.keys) texts.set(key, final);
  }
  return texts;
}
