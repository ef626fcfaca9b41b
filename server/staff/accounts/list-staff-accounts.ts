import type { StaffAccount } from "../../../core/contracts/staff-accounts";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { staffAccountRows, toStaffAccount } from "./staff-account-records";

/** The staff accounts, for an admin (decision 027). */
export async function listStaffAccounts(deps: { db: Database }, actor: Actor): Promise<StaffAccount[]> {
  authorize(actor, "staff.accounts.manage", null);
  return (await staffAccountRows(deps.db)).map(toStaffAccount);
}
