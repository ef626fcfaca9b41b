import { and, eq } from "drizzle-orm";
import type { TokenResponse } from "../../core/contracts/auth";
import { hashToken } from "../auth/secrets";
import { tokens } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { issueSession, revokeRefreshFamily, userById } from "./account-records";

/** Who presents a refresh token: parallel tabs of one browser share both. */
export type ClientInfo = { address: string; userAgent: string };

/**
 * A refresh token spent this recently by the same client may be presented again (parallel tabs
 * that loaded with the same cookie): it yields another session of its family instead of ending it.
 */
export const rotationGraceSeconds = 30;

const clientFingerprint = (client: ClientInfo) => hashToken(`${client.userAgent}\n${client.address}`);

/**
 * Rotates a refresh token (the token is the credential): the old one is spent, a new one of the
 * same family is handed out. Presenting a spent token again means it was stolen or replayed: the
 * whole family is revoked, unless the same client spent it within the last `rotationGraceSeconds`
 * (parallel tabs that loaded with the same cookie): that client gets another token of the family.
 */
export async function refreshSession(deps: AccountsDeps, input: { refreshToken: string; client: ClientInfo }): Promise<TokenResponse> {
  const { now } = deps;
  const fingerprint = clientFingerprint(input.client);
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(tokens)
      .where(and(eq(tokens.kind, "refresh"), eq(tokens.tokenHash, hashToken(input.refreshToken))))
      .for("update")
      .limit(1);
    if (!row || !row.userId || row.revokedAt || row.expiresAt <= now()) return null;
    const familyId = row.familyId ?? row.id;
    if (row.usedAt) {
      const sameClientJustNow = row.rotatedByClient === fingerprint && now().getTime() - row.usedAt.getTime() <= rotationGraceSeconds * 1000;
      if (!sameClientJustNow) {
        await revokeRefreshFamily(deps, tx, familyId);
        return "reused" as const;
      }
    } else {
      await tx.update(tokens).set({ usedAt: now(), rotatedByClient: fingerprint }).where(eq(tokens.id, row.id));
    }
    const user = await userById(tx, row.userId);
    if (!user) return null;
    if (user.disabledAt) return null;
    return issueSession(deps, tx, user, familyId, row.secondFactor);
  });
  if (outcome === null || outcome === "reused") throw new AppError("UNAUTHORIZED", "sessionInvalid");
  return outcome;
}
