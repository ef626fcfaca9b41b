import { z } from "zod";

export const siteSchema = z.object({
  id: z.number().int(),
  company: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
  phone: z.string(),
  fax: z.string().nullable(),
  email: z.string(),
  website: z.string(),
  registry_court: z.string(),
  managing_director: z.string(),
  vat_id: z.string().nullable(),
  support_email: z.string(),
  support_hours: z.string(),
  travel_operator_notice: z.string(),
  deposit_percent: z.number().int(),
  balance_due_days_before_event: z.number().int(),
});
export type Site = z.infer<typeof siteSchema>;

/** Site ids are PostgreSQL `integer`s: a larger number names no site (and the database would refuse it). */
export const siteParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
export const siteResponseSchema = z.object({ data: siteSchema });
