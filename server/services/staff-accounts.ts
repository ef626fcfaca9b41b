import type { Actor } from "../../core/domain/permissions";
import { inviteStaffMember } from "../staff/accounts/invite-staff-member";
import { listStaffAccounts } from "../staff/accounts/list-staff-accounts";
import { resendStaffInvitation } from "../staff/accounts/resend-staff-invitation";
import { revokeStaffInvitation } from "../staff/accounts/revoke-staff-invitation";
import { updateStaffAccount } from "../staff/accounts/update-staff-account";
import type { Deps } from "../deps/deps";

/** The staff accounts (admins only; decision 027): list, invite (again, or take it back), change. */
export function bindStaffAccounts(deps: Deps) {
  return {
    list: (actor: Actor) => listStaffAccounts(deps, actor),
    invite: (actor: Actor, input: Parameters<typeof inviteStaffMember>[2]) => inviteStaffMember(deps, actor, input),
    resendInvitation: (actor: Actor, input: Parameters<typeof resendStaffInvitation>[2]) => resendStaffInvitation(deps, actor, input),
    revokeInvitation: (actor: Actor, input: Parameters<typeof revokeStaffInvitation>[2]) => revokeStaffInvitation(deps, actor, input),
    update: (actor: Actor, input: Parameters<typeof updateStaffAccount>[2]) => updateStaffAccount(deps, actor, input),
  };
}
