import { eq } from "drizzle-orm";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import { auditStaffAction, lockPendingInvitation, revokeInvitationLinks } from "./staff-account-records";

/**
 * An admin takes back a pending invitation (issue 32): its links stop working and the account that
 * never had a password is removed, so the address can be invited again (or never). The audit row
 * keeps who was invited, with what role, by whom. One transaction.
 */
export async function revokeStaffInvitation(
  deps: { db: Database; now: () => Date },
  actor: Actor,
  input: { userId: string; actorEmail: string },
): Promise<{ email: string; name: string }> {
  authorize(actor, "staff.accounts.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockPendingInvitation(tx, input.userId);
    await revokeInvitationLinks(tx, row.id, now);
    await auditStaffAction(tx, {
      actor,
      actorEmail: input.actorEmail,
      action: "staff_invitation_revoked",
      subjectUserId: row.id,
      details: { email: row.email, name: row.name, role: row.role },
      at: now,
    });
    await tx.delete(users).where(eq(users.id, row.id));
    return { email: row.email, name: row.name };
  });
}
