import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { StaffAccount } from "../../../core/contracts/staff-accounts";
import { staffRoles, type Actor } from "../../../core/domain/permissions";
import type { StaffAuditAction } from "../../../core/domain/staff-audit-entry";
import type { Queryable } from "../../db/client";
import { staffAuditLog, tokens, users } from "../../db/schema";
import { AppError } from "../../errors";

type UserRow = typeof users.$inferSelect;

export function toStaffAccount(row: UserRow): StaffAccount {
  return {
    uuid: row.id,
    name: row.name,
    email: row.email,
    role: row.role === "admin" ? "admin" : "staff",
    locale: row.locale,
    second_factor: row.totpEnabledAt !== null,
    disabled: row.disabledAt !== null,
    invitation_pending: row.passwordHash === null,
    created_at: row.createdAt.toISOString(),
  };
}

/** Every staff and admin account, by name. */
export function staffAccountRows(db: Queryable) {
  return db
    .select()
    .from(users)
    .where(inArray(users.role, [...staffRoles]))
    .orderBy(asc(users.name), asc(users.email));
}

/** Ends every session of the account (a role taken away, a disabled account, a reset factor): the next request is anonymous. */
export async function endSessionsOf(db: Queryable, userId: string, now: Date) {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.kind, "refresh"), eq(tokens.userId, userId), isNull(tokens.revokedAt)));
}

/** The staff audit log's row for an admin's action (decision 027). */
export async function auditStaffAction(
  db: Queryable,
  input: { actor: Actor; actorEmail: string; action: StaffAuditAction; subjectUserId: string; details?: Record<string, unknown>; at: Date },
) {
  await db.insert(staffAuditLog).values({
    actorId: input.actor.user?.userId ?? null,
    actorEmail: input.actorEmail,
    action: input.action,
    subjectUserId: input.subjectUserId,
    details: input.details ?? {},
    at: input.at,
  });
}

/**
 * A staff account still waiting for its invitation to be taken up (no password yet), locked for the
 * change; an account that has set its password, or is no staff account, is not one (404), and a
 * disabled one is refused (409).
 */
export async function lockPendingInvitation(db: Queryable, userId: string): Promise<UserRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [...staffRoles])))
    .for("update")
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "notFound");
  if (row.passwordHash !== null) throw new AppError("CONFLICT", "staffInvitationTaken");
  if (row.disabledAt) throw new AppError("CONFLICT", "staffInvitationDisabled");
  return row;
}

/** Ends the open invitation links of an account: an earlier mail's link no longer works. */
export async function revokeInvitationLinks(db: Queryable, userId: string, now: Date) {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.kind, "staff_invitation"), eq(tokens.userId, userId), isNull(tokens.revokedAt), isNull(tokens.usedAt)));
}
