import { and, eq, gt, isNull } from "drizzle-orm";
import { hashToken } from "../auth/secrets";
import { tokens } from "../db/schema";
import type { AccountsDeps } from "../deps/accounts-deps";

/**
 * Whether an e-mailed reset link can still set a password (not used, not revoked, not expired).
 * Read only: the page asks before it shows the form, so a used or expired link offers a new one
 * instead of a form that can only fail. The token is the credential; nothing is learnt about accounts.
 */
export async function isPasswordResetLinkUsable(deps: Pick<AccountsDeps, "db" | "now">, input: { token: string }): Promise<boolean> {
  if (input.token.length < 20 || input.token.length > 200) return false;
  const [row] = await deps.db
    .select({ userId: tokens.userId })
    .from(tokens)
    .where(
      and(
        eq(tokens.kind, "password_reset"),
        eq(tokens.tokenHash, hashToken(input.token)),
        isNull(tokens.usedAt),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, deps.now()),
      ),
    )
    .limit(1);
  return Boolean(row?.userId);
}
