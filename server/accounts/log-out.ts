import { and, eq, isNull } from "drizzle-orm";
import { hashToken } from "../auth/secrets";
import { tokens } from "../db/schema";
import type { AccountsDeps } from "../deps/accounts-deps";
import { revokeRefreshFamily, uuidPattern } from "./account-records";

/**
 * Ends the session named by the refresh token or the access token (either will do; the token is
 * the credential): its refresh tokens can no longer be used, and its access tokens stop working at once.
 */
export async function logOut(deps: AccountsDeps, input: { refreshToken?: string | undefined; accessToken?: string | null | undefined }): Promise<void> {
  const { db } = deps;
  if (input.refreshToken) {
    const [row] = await db
      .select({ id: tokens.id, familyId: tokens.familyId })
      .from(tokens)
      .where(and(eq(tokens.kind, "refresh"), eq(tokens.tokenHash, hashToken(input.refreshToken))))
      .limit(1);
    if (row) await revokeRefreshFamily(deps, db, row.familyId ?? row.id);
  }
  const claims = input.accessToken ? await deps.accessTokens.verify(input.accessToken) : null;
  if (claims && uuidPattern.test(claims.sessionId)) {
    await db
      .update(tokens)
      .set({ revokedAt: deps.now() })
      .where(and(eq(tokens.kind, "refresh"), eq(tokens.familyId, claims.sessionId), eq(tokens.userId, claims.userId), isNull(tokens.revokedAt)));
  }
}
