import { and, eq, isNull } from "drizzle-orm";
import type { TokenResponse } from "../../core/contracts/auth";
import type { SecondFactorRequest } from "../../core/contracts/second-factor";
import type { Locale } from "../../core/i18n/locales";
import { hashToken } from "../auth/secrets";
import { checkTotpCode, decryptTotpSecret, normalizeRecoveryCode } from "../auth/totp";
import { staffAuditLog, tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { issueSession } from "./account-records";
import { countWrongCode, openSecondFactorChallenge, spendChallenge, tooManyWrongCodes, wrongCode } from "./second-factor-challenge";

/**
 * The second step of a staff login (decision 027): the challenge from the password step and the
 * authenticator's current code (never one already taken) or an unused recovery code (spent now)
 * open a session that carries the second factor, written to the staff audit log. A wrong code is
 * counted before it is refused.
 */
export async function verifySecondFactor(deps: AccountsDeps, input: { request: SecondFactorRequest; locale: Locale }): Promise<TokenResponse> {
  const { request } = input;
  const field = "code" in request ? "code" : "recovery_code";
  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await openSecondFactorChallenge(deps, tx, request.challenge);
    const { user } = challenge;
    if (!user.totpEnabledAt || !user.totpSecret) throw new AppError("CONFLICT", "secondFactorNotEnrolled");
    if ("code" in request) {
      const secret = decryptTotpSecret(deps.totpKey, user.totpSecret, { allowDemo: deps.allowDemoTotpSecrets });
      // Made with another server secret (JWT_SECRET changed): an admin must reset this account's factor.
      if (!secret) throw new Error(`the TOTP secret of user ${user.id} cannot be decrypted with this server's key`);
      const check = await checkTotpCode({ secret, code: request.code, now: deps.now(), lastStep: user.totpLastStep });
      if (!check.valid) {
        return countWrongCode(deps, tx, challenge);
      }
      await tx.update(users).set({ totpLastStep: check.step }).where(eq(users.id, user.id));
    } else {
      const normalized = normalizeRecoveryCode(request.recovery_code);
      const [spent] = normalized
        ? await tx
            .update(tokens)
            .set({ usedAt: deps.now() })
            .where(and(eq(tokens.kind, "recovery_code"), eq(tokens.userId, user.id), eq(tokens.tokenHash, hashToken(normalized)), isNull(tokens.usedAt)))
            .returning({ id: tokens.id })
        : [];
      if (!spent) {
        return countWrongCode(deps, tx, challenge);
      }
    }
    await spendChallenge(deps, tx, challenge);
    // Every staff login with the second factor is in the staff audit log (issue 31), with how it was proven.
    await tx.insert(staffAuditLog).values({ actorId: user.id, actorEmail: user.email, action: "staff_logged_in", subjectUserId: user.id, details: { method: field }, at: deps.now() });
    return issueSession(deps, tx, user, undefined, true);
  });
  if (outcome === "exhausted") throw tooManyWrongCodes();
  if (outcome === "wrong") throw wrongCode(field, input.locale);
  return outcome;
}
