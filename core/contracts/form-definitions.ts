import { z } from "zod";
import { formItemKinds } from "./forms";
import { localizedTextSchema } from "./localized-text";

/**
 * A form's definition in both languages: what the builder edits (the draft, kept in form_pages and
 * form_items) and what a published version stores as its immutable snapshot (form_versions.definition).
 * Page numbers are the pages' order (1, 2, …); item uuids stay the same from version to version, so a
 * booking's answers (keyed by item uuid) keep their meaning (decision 036).
 */
export const formDefinitionItemSchema = z.object({
  uuid: z.string().uuid(),
  parent_uuid: z.string().uuid().nullable(),
  kind: z.enum(formItemKinds),
  name: z.string().max(100),
  label: localizedTextSchema,
  help: localizedTextSchema.nullable(),
  required: z.boolean(),
  options: z.record(z.string(), z.unknown()),
});
export type FormDefinitionItem = z.infer<typeof formDefinitionItemSchema>;

export const formDefinitionPageSchema = z.object({
  uuid: z.string().uuid(),
  title: localizedTextSchema,
  items: z.array(formDefinitionItemSchema).max(200),
});
export type FormDefinitionPage = z.infer<typeof formDefinitionPageSchema>;

export const formDefinitionSchema = z.object({ pages: z.array(formDefinitionPageSchema).min(1).max(20) });
export type FormDefinition = z.infer<typeof formDefinitionSchema>;

export const formVersionSummarySchema = z.object({
  uuid: z.string().uuid(),
  number: z.number().int(),
  published_at: z.string(),
  /** Null for version 1 of the forms that existed before versions (made by the migration). */
  published_by: z.string().nullable(),
});

/** `GET|PUT api/staff/forms/{uuid}`: the draft, the published versions (newest first) and whether they differ. */
export const staffFormSchema = z.object({
  uuid: z.string().uuid(),
  event_uuid: z.string().uuid(),
  name: z.string(),
  draft: formDefinitionSchema,
  versions: z.array(formVersionSummarySchema),
  /** True when the draft is not what the latest version holds (publishing would make a new version). */
  draft_differs: z.boolean(),
});
export type StaffForm = z.infer<typeof staffFormSchema>;

export const staffFormParamsSchema = z.object({ uuid: z.string().uuid() });
export const staffFormResponseSchema = z.object({ data: staffFormSchema });
export const publishFormResponseSchema = z.object({
  /** `created` is false when the draft equalled the latest version: nothing new was published. */
  data: staffFormSchema.extend({ published: z.object({ uuid: z.string().uuid(), number: z.number().int(), created: z.boolean() }) }),
});
