import { and, eq, exists, isNull, sql } from "drizzle-orm";
import type { User } from "../../core/contracts/auth";
import type { Role } from "../../core/domain/permissions";
import { tokens, users } from "../db/schema";
import type { AccountsDeps } from "../deps/accounts-deps";
import { toUser, uuidPattern } from "./account-records";

/**
 * A live session as the database holds it: whose it is and which session (the access token names
 * both), the role from the account's row, and whether the session was opened with the second factor
 * from its refresh family (`tokens.second_factor`, kept by every rotation). What the token claims
 * about role and second factor is never read: only the database grants powers (issue 33).
 */
export type LiveSession = { userId: string; sessionId: string; role: Role; secondFactor: boolean };

/**
 * The user behind an access token and their live session, or null when the token is invalid, its
 * session has ended (logout, password change, theft detected) or the account is gone or disabled.
 * One indexed query. The API's actor middleware and the web session build their actor from it.
 */
export async function authenticateSession(
  deps: Pick<AccountsDeps, "db" | "accessTokens">,
  input: { accessToken: string | null | undefined },
): Promise<{ liveSession: LiveSession; user: User } | null> {
  if (!input.accessToken) return null;
  const claims = await deps.accessTokens.verify(input.accessToken);
  if (!claims || !uuidPattern.test(claims.userId) || !uuidPattern.test(claims.sessionId)) return null;
  const ofLiveFamily = and(eq(tokens.kind, "refresh"), eq(tokens.familyId, claims.sessionId), eq(tokens.userId, users.id), isNull(tokens.revokedAt));
  const liveSession = deps.db.select({ one: sql`1` }).from(tokens).where(ofLiveFamily);
  // Every token of a family carries the flag it was opened with (rotations copy it): any live one tells.
  const openedWithSecondFactor = deps.db.select({ secondFactor: tokens.secondFactor }).from(tokens).where(ofLiveFamily).limit(1);
  const [row] = await deps.db
    .select({ user: users, secondFactor: sql<boolean | null>`(${openedWithSecondFactor})` })
    .from(users)
    .where(and(eq(users.id, claims.userId), isNull(users.disabledAt), exists(liveSession)))
    .limit(1);
  if (!row) return null;
  return {
    liveSession: { userId: row.user.id, sessionId: claims.sessionId, role: row.user.role, secondFactor: row.secondFactor === true },
    user: toUser(row.user),
  };
}
