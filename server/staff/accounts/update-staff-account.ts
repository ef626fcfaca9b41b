import { and, eq, inArray } from "drizzle-orm";
import type { StaffAccount, StaffAccountChange } from "../../../core/contracts/staff-accounts";
import { staffRoles, type Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { tokens, users } from "../../db/schema";
import { AppError } from "../../errors";
import { auditStaffAction, endSessionsOf, toStaffAccount } from "./staff-account-records";
import type { StaffAuditAction } from "../../../core/domain/staff-audit-entry";

/**
 * An admin changes a staff account (decision 027): its role, disabled or enabled, or its second
 * factor reset (lost phone: the next login enrols anew). Every change but enabling ends the account's
 * sessions, so it applies at once. An admin cannot change their own account here: nobody locks the
 * last admin out by a slip. One transaction with the audit row (from → to).
 */
export async function updateStaffAccount(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { userId: string; change: StaffAccountChange; actorEmail: string },
): Promise<StaffAccount> {
  authorize(actor, "staff.accounts.manage", null);
  if (actor.user?.userId === input.userId) throw new AppError("CONFLICT", "staffNotYourself");
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, input.userId), inArray(users.role, [...staffRoles])))
      .for("update")
      .limit(1);
    if (!row) throw new AppError("NOT_FOUND", "notFound");
    const { change } = input;
    const audit = (action: StaffAuditAction, details: Record<string, unknown>) =>
      auditStaffAction(tx, { actor, actorEmail: input.actorEmail, action, subjectUserId: row.id, details, at: now });
    let updated: typeof row | undefined;
    switch (change.change) {
      case "role":
        [updated] = await tx.update(users).set({ role: change.role, updatedAt: now }).where(eq(users.id, row.id)).returning();
        await audit("staff_role_changed", { from: row.role, to: change.role });
        break;
      case "disable":
        [updated] = await tx.update(users).set({ disabledAt: row.disabledAt ?? now, updatedAt: now }).where(eq(users.id, row.id)).returning();
        await audit("staff_disabled", { from: row.disabledAt ? "disabled" : "active", to: "disabled" });
        break;
      case "enable":
        [updated] = await tx.update(users).set({ disabledAt: null, updatedAt: now }).where(eq(users.id, row.id)).returning();
        await audit("staff_enabled", { from: row.disabledAt ? "disabled" : "active", to: "active" });
        break;
      case "reset_second_factor":
        [updated] = await tx
          .update(users)
          .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
          .where(eq(users.id, row.id))
          .returning();
        await tx.delete(tokens).where(and(eq(tokens.kind, "recovery_code"), eq(tokens.userId, row.id)));
        await audit("staff_second_factor_reset", { from: row.totpEnabledAt ? "on" : "off", to: "off" });
        break;
    }
    if (!updated) throw new Error("staff account update returned nothing");
    if (change.change !== "enable") await endSessionsOf(tx, row.id, now);
    return toStaffAccount(updated);
  });
}
