import { z } from "zod";
import { locales } from "../i18n/locales";

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
