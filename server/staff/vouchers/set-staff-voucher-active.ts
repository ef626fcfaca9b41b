import { eq } from "drizzle-orm";
import type { StaffVoucher } from "../../../core/contracts/staff-vouchers";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { vouchers } from "../../db/schema";
import { writeStaffAudit } from "../audit/staff-audit-records";
import { toStaffVoucher, voucherRow, type VoucherDeps } from "./voucher-records";

/**
 * Deactivates a discount code (no booking may use it from now on; the bookings that did keep their
 * discount) or activates it again (decision 079), audited in the same transaction. Saying what it
 * already is changes nothing and writes no row.
 */
export async function setStaffVoucherActive(
  deps: VoucherDeps,
  actor: Actor,
  input: { voucherId: string; active: boolean; actorEmail: string },
): Promise<StaffVoucher> {
  authorize(actor, "staff.vouchers.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const before = await voucherRow(tx, input.voucherId);
    if (before.active === input.active) return toStaffVoucher(before);
    const [updated] = await tx
      .update(vouchers)
      .set({ active: input.active, updatedAt: now })
      .where(eq(vouchers.id, before.id))
      .returning();
    if (!updated) throw new Error("voucher update returned nothing");
    await writeStaffAudit(tx, actor, {
      action: input.active ? "voucher_activated" : "voucher_deactivated",
      details: { voucher: updated.id, code: updated.code },
      at: now,
      actorEmail: input.actorEmail,
    });
    return toStaffVoucher(updated);
  });
}
