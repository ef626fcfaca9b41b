import { and, eq, exists, isNull, sql } from "drizzle-orm";
import type { User } from "../../core/contracts/auth";
import type { AccessTokenClaims } from "../auth/access-tokens";
import { tokens, users } from "../db/schema";
import type { AccountsDeps } from "./accounts-deps";
import { toUser, uuidPattern } from "./account-records";

/**
 * The user behind an access token, or null when the token is invalid, its session has ended
 * (logout, password change, theft detected) or the account is gone. One indexed query. The
 * API's actor middleware and the web session build their actor from it.
 */
export async function authenticateSession(
  deps: Pick<AccountsDeps, "db" | "accessTokens">,
  input: { accessToken: string | null | undefined },
): Promise<{ claims: AccessTokenClaims; user: User } | null> {
  if (!input.accessToken) return null;
  const claims = await deps.accessTokens.verify(input.accessToken);
  if (!claims || !uuidPattern.test(claims.userId) || !uuidPattern.test(claims.sessionId)) return null;
  const liveSession = deps.db
    .select({ one: sql`1` })
    .from(tokens)
    .where(and(eq(tokens.kind, "refresh"), eq(tokens.familyId, claims.sessionId), eq(tokens.userId, users.id), isNull(tokens.revokedAt)));
  const [row] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.disabledAt), exists(liveSession)))
    .limit(1);
  return row ? { claims, user: toUser(row) } : null;
}
