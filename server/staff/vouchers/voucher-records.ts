import { eq } from "drizzle-orm";
import type { StaffVoucher, StaffVoucherInput } from "../../../core/contracts/staff-vouchers";
import { normalizeVoucherCode, voucherInputProblems } from "../../../core/domain/vouchers";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import type { Database, Queryable } from "../../db/client";
import { vouchers } from "../../db/schema";
import { AppError } from "../../errors";

export type VoucherDeps = { db: Database; now: () => Date };

type VoucherRow = typeof vouchers.$inferSelect;

export const toStaffVoucher = (row: VoucherRow): StaffVoucher => ({
  id: row.id,
  code: row.code,
  discount_kind: row.discountKind,
  discount_value: row.discountValue,
  valid_from: row.validFrom,
  valid_until: row.validUntil,
  usage_limit: row.usageLimit,
  per_customer_limit: row.perCustomerLimit,
  times_used: row.timesUsed,
  event_ids: row.eventIds,
  category_ids: row.categoryIds,
  active: row.active,
  created_at: row.createdAt.toISOString(),
});

/** The row's columns from what staff entered, or the 422 naming each field's problem in the staff member's language. */
export function voucherColumnsOf(input: StaffVoucherInput, locale: Locale) {
  const problems = voucherInputProblems({
    code: input.code,
    discountKind: input.discount_kind,
    discountValue: input.discount_value,
    validFrom: input.valid_from,
    validUntil: input.valid_until,
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
  });
  const t = translatorFor(locale);
  const fieldErrors = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, [t(key)]]));
  if (Object.keys(fieldErrors).length) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors });
  return {
    code: normalizeVoucherCode(input.code),
    discountKind: input.discount_kind,
    discountValue: input.discount_value,
    validFrom: input.valid_from,
    validUntil: input.valid_until,
    usageLimit: input.usage_limit,
    perCustomerLimit: input.per_customer_limit,
    eventIds: [...new Set(input.event_ids)],
    categoryIds: [...new Set(input.category_ids)],
  };
}

export async function voucherRow(db: Queryable, voucherId: string): Promise<VoucherRow> {
  const [row] = await db.select().from(vouchers).where(eq(vouchers.id, voucherId)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", "voucherNotFound");
  return row;
}

/** A code another one already has: the code field's error. */
export const voucherCodeTaken = (code: string, locale: Locale) =>
  new AppError("CONFLICT", "voucherCodeTaken", { params: { code }, fieldErrors: { code: [translatorFor(locale)("api.voucherCodeTaken", { code })] } });
