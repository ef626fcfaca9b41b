import type { StaffAccount } from "../../../core/contracts/staff-accounts";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { sendStaffInvitation, type InviteDeps } from "./invite-staff-member";
import { auditStaffAction, lockPendingInvitation, revokeInvitationLinks, toStaffAccount } from "./staff-account-records";

/**
 * An admin sends a pending invitation again (issue 32): the mail was lost, or its week ran out. The
 * earlier links stop working, a new one (a week) goes out in the invited person's language. One
 * transaction with the audit row and the e-mail.
 */
export async function resendStaffInvitation(
  deps: InviteDeps,
  actor: Actor,
  input: { userId: string; inviter: { email: string; name: string } },
): Promise<StaffAccount> {
  authorize(actor, "staff.accounts.manage", null);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockPendingInvitation(tx, input.userId);
    await revokeInvitationLinks(tx, row.id, now);
    await sendStaffInvitation(deps, tx, { user: row, inviterName: input.inviter.name, now });
    await auditStaffAction(tx, { actor, actorEmail: input.inviter.email, action: "staff_invitation_resent", subjectUserId: row.id, details: { email: row.email }, at: now });
    return toStaffAccount(row);
  });
}
