import { and, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../core/i18n/locales";
import { hashPassword } from "../auth/passwords";
import { hashToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { checkPassword, consumeToken, userById } from "./account-records";

/** The invited account an unspent, unexpired invitation stands for, or undefined. */
async function pendingInvitation(deps: Pick<AccountsDeps, "now">, queryable: Queryable, token: string) {
  const [pending] = await queryable
    .select({ userId: tokens.userId })
    .from(tokens)
    .where(and(eq(tokens.kind, "staff_invitation"), eq(tokens.tokenHash, hashToken(token)), isNull(tokens.usedAt), gt(tokens.expiresAt, deps.now())))
    .limit(1);
  return pending?.userId ? userById(queryable, pending.userId) : undefined;
}

/** Whether the invitation page should show its form (looking does not spend the link). */
export async function staffInvitationIsValid(deps: Pick<AccountsDeps, "db" | "now">, input: { token: string }): Promise<{ email: string; name: string } | null> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(input.token)) return null;
  const user = await pendingInvitation(deps, deps.db, input.token);
  return user && !user.disabledAt ? { email: user.email, name: user.name } : null;
}

/**
 * The invited staff member sets their password with the invitation's link (decision 027): the
 * address is proven by the link, the password follows the one policy, the link is spent. The first
 * login then asks for the second factor's enrolment.
 */
export async function acceptStaffInvitation(deps: AccountsDeps, input: { token: string; password: string; locale: Locale }): Promise<{ email: string }> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const user = await pendingInvitation(deps, tx, input.token);
    if (!user || user.disabledAt) throw new AppError("BAD_REQUEST", "linkInvalid");
    checkPassword("password", input.password, user.email, input.locale);
    if (!(await consumeToken(deps, tx, "staff_invitation", input.token))) throw new AppError("BAD_REQUEST", "linkInvalid");
    await tx.update(users).set({ passwordHash: await hashPassword(input.password), emailVerifiedAt: user.emailVerifiedAt ?? now, updatedAt: now }).where(eq(users.id, user.id));
    return { email: user.email };
  });
}
