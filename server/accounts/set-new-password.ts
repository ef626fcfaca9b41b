import { and, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../core/i18n/locales";
import { hashPassword } from "../auth/passwords";
import { hashToken } from "../auth/secrets";
import { tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { checkPassword, consumeToken, sendPasswordChanged, userById } from "./account-records";

/** Sets a new password through the e-mailed link (its token is the credential); every session of the account ends and the account is told. */
export async function setNewPassword(deps: AccountsDeps, input: { token: string; password: string; locale: Locale }): Promise<void> {
  const { now } = deps;
  await deps.db.transaction(async (tx) => {
    const [pending] = await tx
      .select({ userId: tokens.userId })
      .from(tokens)
      .where(and(eq(tokens.kind, "password_reset"), eq(tokens.tokenHash, hashToken(input.token)), isNull(tokens.usedAt), gt(tokens.expiresAt, now())))
      .limit(1);
    const user = pending?.userId ? await userById(tx, pending.userId) : undefined;
    if (!user) throw new AppError("BAD_REQUEST", "linkInvalid");
    checkPassword("password", input.password, user.email, input.locale);
    if (!(await consumeToken(deps, tx, "password_reset", input.token))) throw new AppError("BAD_REQUEST", "linkInvalid");
    // Following the link proves the address too.
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), emailVerifiedAt: user.emailVerifiedAt ?? now(), updatedAt: now() })
      .where(eq(users.id, user.id));
    await tx
      .update(tokens)
      .set({ revokedAt: now() })
      .where(and(eq(tokens.userId, user.id), eq(tokens.kind, "refresh"), isNull(tokens.revokedAt)));
    await sendPasswordChanged(deps, tx, user, input.locale);
  });
}
