import { eq, sql } from "drizzle-orm";
import type { StaffAccount, StaffInvitation } from "../../../core/contracts/staff-accounts";
import type { Actor } from "../../../core/domain/permissions";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath, type Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { hashToken, newSecretToken } from "../../auth/secrets";
import type { Database, Queryable } from "../../db/client";
import { tokens, users } from "../../db/schema";
import type { EmailToSend } from "../../email";
import { AppError } from "../../errors";
import { auditStaffAction, toStaffAccount } from "./staff-account-records";

/** An invitation's link sets the password within a week. */
export const staffInvitationDays = 7;

export type InviteDeps = { db: Database; now: () => Date; publicOrigin: string; enqueueMail: (db: Queryable, mail: EmailToSend) => Promise<unknown> };

/**
 * An admin invites someone to the back office (decision 027): the account is made with the role and
 * no password; the e-mail's link (single use, a week) sets the password, and the first login then
 * sets up the second factor. An address that already has an account is refused: a customer account
 * does not become staff by an invitation. One transaction with the audit row and the e-mail.
 */
export async function inviteStaffMember(deps: InviteDeps, actor: Actor, input: { invitation: StaffInvitation; inviter: { email: string; name: string }; locale: Locale }): Promise<StaffAccount> {
  authorize(actor, "staff.accounts.manage", null);
  const { invitation } = input;
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, invitation.email)).limit(1);
    if (existing) throw new AppError("CONFLICT", "staffEmailTaken", { fieldErrors: { email: [String(translatorFor(input.locale)("api.staffEmailTaken"))] } });
    const [firstName = invitation.name, ...rest] = invitation.name.split(" ");
    const [row] = await tx
      .insert(users)
      .values({ name: invitation.name, firstName, lastName: rest.join(" "), email: invitation.email, role: invitation.role, locale: invitation.locale })
      .returning();
    if (!row) throw new Error("staff invitation insert returned nothing");
    await sendStaffInvitation(deps, tx, { user: row, inviterName: input.inviter.name, now });
    await auditStaffAction(tx, { actor, actorEmail: input.inviter.email, action: "staff_invited", subjectUserId: row.id, details: { role: invitation.role, email: invitation.email }, at: now });
    return toStaffAccount(row);
  });
}

/**
 * A new invitation link for a pending account (single use, a week) and its e-mail, in the invited
 * person's language: the first invitation and every one sent again.
 */
export async function sendStaffInvitation(
  deps: Pick<InviteDeps, "publicOrigin" | "enqueueMail">,
  tx: Queryable,
  input: { user: Pick<typeof users.$inferSelect, "id" | "name" | "email" | "role" | "locale">; inviterName: string; now: Date },
): Promise<void> {
  const { user } = input;
  const token = newSecretToken();
  await tx.insert(tokens).values({
    kind: "staff_invitation",
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(input.now.getTime() + staffInvitationDays * 86_400_000),
  });
  await deps.enqueueMail(tx, {
    template: "staff-invitation",
    locale: user.locale,
    to: user.email,
    payload: {
      name: user.name,
      inviterName: input.inviterName,
      role: user.role === "admin" ? "admin" : "staff",
      acceptUrl: `${deps.publicOrigin}${localizePath(`/staff-invitation/${token}`, user.locale)}`,
      validDays: staffInvitationDays,
    },
  });
}
