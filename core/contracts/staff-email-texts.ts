import { z } from "zod";
import { editableEmailTemplateNames, emailTextFieldNames, emailTextLimits } from "../domain/editable-email-texts";
import { locales } from "../i18n/locales";

/**
 * The e-mail texts staff edit (issue 14; decision 037): per template and language, the subject and
 * body blocks with `{placeholder}`s. No override: the catalogue's text is sent. The layout, legal
 * footer, manage-booking and pay-link blocks stay in code.
 */

export const emailTextTemplateSchema = z.enum(editableEmailTemplateNames);
export const emailTextFieldNameSchema = z.enum(emailTextFieldNames);

export const emailTextListEntrySchema = z.object({
  template: emailTextTemplateSchema,
  fields: z.array(emailTextFieldNameSchema),
  /** Per language: the fields staff have reworded (empty: every text is the default). */
  locales: z.array(z.object({ locale: z.enum(locales), overridden_fields: z.array(emailTextFieldNameSchema), overridden: z.boolean() })),
});
export const emailTextListResponseSchema = z.object({ data: z.array(emailTextListEntrySchema) });
export type EmailTextListEntry = z.infer<typeof emailTextListEntrySchema>;

export const emailTextFieldSchema = z.object({
  name: emailTextFieldNameSchema,
  multiline: z.boolean(),
  max_length: z.number().int(),
  /** The catalogue's text(s), written with the template's placeholders; several when it varies (e.g. by payment option). */
  defaults: z.array(z.string()),
  /** Staff's text, or null for the default. */
  override: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type EmailTextField = z.infer<typeof emailTextFieldSchema>;

export const emailTextDetailSchema = z.object({
  template: emailTextTemplateSchema,
  locale: z.enum(locales),
  /** The placeholders this template has values for, in the order the editor lists them. */
  placeholders: z.array(z.string()),
  fields: z.array(emailTextFieldSchema),
});
export type EmailTextDetail = z.infer<typeof emailTextDetailSchema>;
export const emailTextDetailResponseSchema = z.object({ data: emailTextDetailSchema });

export const emailTextParamsSchema = z.object({ template: z.string().min(1).max(60), locale: z.string().min(2).max(10) });

/** One field's new text; null or empty: back to the default. Checked per template (known fields, known placeholders, one line where it must be). */
const fieldTextSchema = z.string().max(emailTextLimits.multiline).nullable();
export const emailTextFieldsInputSchema = z.partialRecord(emailTextFieldNameSchema, fieldTextSchema);
export type EmailTextFieldsInput = z.infer<typeof emailTextFieldsInputSchema>;

export const emailTextUpdateBodySchema = z.object({ fields: emailTextFieldsInputSchema }).strict();
export type EmailTextUpdateInput = z.infer<typeof emailTextUpdateBodySchema>;

/** A preview of unsaved texts (or the saved ones when `fields` is left out), with a real booking by its code or sample data. */
export const emailTextPreviewBodySchema = z
  .object({
    fields: emailTextFieldsInputSchema.optional(),
    booking_code: z.string().trim().max(40).optional(),
  })
  .strict();
export type EmailTextPreviewInput = z.infer<typeof emailTextPreviewBodySchema>;

export const emailTextPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** The booking whose data filled the mail, or null: sample data. */
  booking_code: z.string().nullable(),
});
export type EmailTextPreview = z.infer<typeof emailTextPreviewSchema>;
export const emailTextPreviewResponseSchema = z.object({ data: emailTextPreviewSchema });
