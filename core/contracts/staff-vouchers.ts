import { z } from "zod";

/** One discount code as staff see it in the back office (decision 079). */
export const staffVoucherSchema = z.object({
  id: z.string().uuid(),
  code: z.string(),
  discount_kind: z.enum(["amount", "percent"]),
  /** Cents off (`amount`) or whole percent off (`percent`). */
  discount_value: z.number().int(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  times_used: z.number().int(),
  event_ids: z.array(z.string()),
  category_ids: z.array(z.number().int()),
  active: z.boolean(),
  created_at: z.string(),
});
export type StaffVoucher = z.infer<typeof staffVoucherSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A code as staff create or change it; the rules across fields are `voucherInputProblems` (core/domain/vouchers.ts). */
export const staffVoucherInputSchema = z.object({
  code: z.string().max(100),
  discount_kind: z.enum(["amount", "percent"]),
  discount_value: z.number().int(),
  valid_from: isoDate.nullable(),
  valid_until: isoDate.nullable(),
  usage_limit: z.number().int().nullable(),
  per_customer_limit: z.number().int().nullable(),
  event_ids: z.array(z.string().uuid()).max(500),
  category_ids: z.array(z.number().int()).max(500),
});
export type StaffVoucherInput = z.infer<typeof staffVoucherInputSchema>;

export const staffVoucherActiveSchema = z.object({ active: z.boolean() });
