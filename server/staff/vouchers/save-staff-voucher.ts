import { eq } from "drizzle-orm";
import type { StaffVoucher, StaffVoucherInput } from "../../../core/contracts/staff-vouchers";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { vouchers } from "../../db/schema";
import { isUniqueViolation } from "../catalogue/catalogue-records";
import { writeStaffAudit } from "../audit/staff-audit-records";
import { toStaffVoucher, voucherCodeTaken, voucherColumnsOf, voucherRow, type VoucherDeps } from "./voucher-records";

/**
 * Creates a discount code (no `voucherId`) or changes one (decision 079), with its row in the staff
 * audit log in the same transaction (what changed, by field). Its uses so far are kept; a limit below
 * them only stops further uses. A code another one has is the code field's error.
 */
export async function saveStaffVoucher(
  deps: VoucherDeps,
  actor: Actor,
  input: { voucherId?: string | undefined; voucher: StaffVoucherInput; actorEmail: string; locale: Locale },
): Promise<StaffVoucher> {
  authorize(actor, "staff.vouchers.manage", null);
  const columns = voucherColumnsOf(input.voucher, input.locale);
  const now = deps.now();
  try {
    return await deps.db.transaction(async (tx) => {
      if (input.voucherId === undefined) {
        const [created] = await tx.insert(vouchers).values(columns).returning();
        if (!created) throw new Error("voucher insert returned nothing");
        await writeStaffAudit(tx, actor, { action: "voucher_created", details: { voucher: created.id, code: created.code }, at: now, actorEmail: input.actorEmail });
        return toStaffVoucher(created);
      }
      const before = await voucherRow(tx, input.voucherId);
      const [updated] = await tx
        .update(vouchers)
        .set({ ...columns, updatedAt: now })
        .where(eq(vouchers.id, before.id))
        .returning();
      if (!updated) throw new Error("voucher update returned nothing");
      const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((key) => JSON.stringify(before[key]) !== JSON.stringify(updated[key]));
      await writeStaffAudit(tx, actor, { action: "voucher_updated", details: { voucher: updated.id, code: updated.code, changed }, at: now, actorEmail: input.actorEmail });
      return toStaffVoucher(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error, "vouchers_code_unique")) throw voucherCodeTaken(columns.code, input.locale);
    throw error;
  }
}
