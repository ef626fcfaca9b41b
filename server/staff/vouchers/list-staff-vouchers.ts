import { desc } from "drizzle-orm";
import type { StaffVoucher } from "../../../core/contracts/staff-vouchers";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { vouchers } from "../../db/schema";
import { toStaffVoucher, type VoucherDeps } from "./voucher-records";

/** Every discount code, newest first, with its uses (decision 079). */
export async function listStaffVouchers(deps: VoucherDeps, actor: Actor): Promise<StaffVoucher[]> {
  authorize(actor, "staff.vouchers.manage", null);
  const rows = await deps.db.select().from(vouchers).orderBy(desc(vouchers.createdAt), desc(vouchers.code));
  return rows.map(toStaffVoucher);
}
