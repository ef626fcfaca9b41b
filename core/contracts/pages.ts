import { z } from "zod";
import { legalPageKeys } from "../domain/legal-pages";
import { isReservedPageSlug, pageSlugPattern } from "../domain/page-slugs";
import { maximumSlugLength } from "../domain/slugs";
import { locales, type Locale } from "../i18n/locales";

export const pageTranslationSchema = z.object({ locale: z.enum(locales), name: z.string(), slug: z.string() });

export const pageSummarySchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  slug: z.string(),
  show_on_mobile: z.boolean(),
  translations: z.array(pageTranslationSchema),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageSchema = pageSummarySchema.extend({ content: z.string(), updated_at: z.string() });
export type Page = z.infer<typeof pageSchema>;

const booleanQuery = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

export const listPagesQuerySchema = z.object({
  show_on_mobile: booleanQuery.optional(),
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListPagesQuery = z.infer<typeof listPagesQuerySchema>;

export const listPagesResponseSchema = z.object({
  data: z.array(pageSummarySchema),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type PageList = z.infer<typeof listPagesResponseSchema>;

export const pageSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const pageResponseSchema = z.object({ data: pageSchema });

// ---- The back office's content pages (`api/staff/pages…`, staff; decision 035) --------------------

const pageName = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(100, { error: "validation.atMost100Characters" });
/** Empty: made from the name (core/domain/slugs.ts). Otherwise lower-case words joined by hyphens, not a route's own path. */
const pageSlug = z
  .string({ error: "validation.required" })
  .trim()
  .max(maximumSlugLength, { error: "validation.tooLong" })
  .refine((slug) => slug === "" || pageSlugPattern.test(slug), { error: "validation.slug" })
  .refine((slug) => !isReservedPageSlug(slug), { error: "validation.slugReserved" });
/** HTML from the editor (or typed); sanitized by the server before it is stored (server/rich-text.ts). */
const pageContent = z
  .string({ error: "validation.required" })
  .max(200_000, { error: "validation.tooLong" })
  .refine((html) => html.trim() !== "", { error: "validation.required" });

export const staffPageTranslationInputSchema = z.object({ name: pageName, slug: pageSlug, content: pageContent });
/** Every language of the site, side by side. */
export const staffPageInputSchema = z.object({
  show_on_mobile: z.boolean({ error: "validation.required" }),
  translations: z.object(
    Object.fromEntries(locales.map((locale) => [locale, staffPageTranslationInputSchema])) as Record<Locale, typeof staffPageTranslationInputSchema>,
  ),
});
export type StaffPageInput = z.input<typeof staffPageInputSchema>;
export type StaffPageChange = z.output<typeof staffPageInputSchema>;

export const staffPageSchema = z.object({
  uuid: z.string().uuid(),
  /** One of the legal pages (issue 30): never deleted or unpublished, edited by admins only; null for any other page. */
  legal_key: z.enum(legalPageKeys).nullable(),
  position: z.number().int(),
  published: z.boolean(),
  show_on_mobile: z.boolean(),
  translations: z.record(z.enum(locales), z.object({ name: z.string(), slug: z.string(), content: z.string() })),
  updated_at: z.string(),
});
export type StaffPage = z.infer<typeof staffPageSchema>;
export const staffPageResponseSchema = z.object({ data: staffPageSchema });
export const staffPagesResponseSchema = z.object({ data: z.array(staffPageSchema) });
export const staffPageParamsSchema = z.object({ uuid: z.string().uuid() });
export const staffPageMoveSchema = z.object({ direction: z.enum(["up", "down"], { error: "validation.choice" }) });
export const staffPagePublicationSchema = z.object({ published: z.boolean({ error: "validation.required" }) });
/** The back office's page form: the same fields; its checkbox posts "on" or nothing. */
export const staffPageFormSchema = staffPageInputSchema.extend({
  show_on_mobile: z.preprocess((value) => value === "on" || value === true, z.boolean()),
});
