import { and, eq } from "drizzle-orm";
import { staffRoles, type Role } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { tokens } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { userById, type UserRow } from "./account-records";

/** The step between password and session lasts ten minutes (decision 027). */
export const challengeSeconds = 600;
/** Five wrong codes spend the challenge: the password is asked again (and its back-off applies). */
const maximumWrongCodes = 5;

export const needsSecondFactor = (role: Role): boolean => (staffRoles as readonly Role[]).includes(role);

/** A new challenge for a staff account whose password was right; only its hash is stored. */
export async function createSecondFactorChallenge(deps: Pick<AccountsDeps, "now">, tx: Queryable, userId: string): Promise<string> {
  const challenge = newSecretToken();
  await tx.insert(tokens).values({
    kind: "second_factor_challenge",
    tokenHash: hashToken(challenge),
    userId,
    expiresAt: new Date(deps.now().getTime() + challengeSeconds * 1000),
  });
  return challenge;
}

export type OpenChallenge = { id: string; attempts: number; user: UserRow };

/**
 * The challenge, locked, and its staff account: unused, unexpired, with wrong codes to spare, the
 * account still staff and not disabled. Spent by five wrong codes: "too many wrong codes, log in
 * again" (401); anything else: "log in again" (401), the same for every case.
 */
export async function openSecondFactorChallenge(deps: Pick<AccountsDeps, "now">, tx: Queryable, challenge: string): Promise<OpenChallenge> {
  const gone = () => new AppError("UNAUTHORIZED", "secondFactorChallengeGone");
  const [row] = await tx
    .select({
      id: tokens.id,
      userId: tokens.userId,
      attempts: tokens.attempts,
      usedAt: tokens.usedAt,
      revokedAt: tokens.revokedAt,
      expiresAt: tokens.expiresAt,
    })
    .from(tokens)
    .where(and(eq(tokens.kind, "second_factor_challenge"), eq(tokens.tokenHash, hashToken(challenge))))
    .for("update")
    .limit(1);
  if (!row?.userId || row.revokedAt || row.expiresAt <= deps.now()) throw gone();
  if (row.attempts >= maximumWrongCodes) throw tooManyWrongCodes();
  if (row.usedAt) throw gone();
  const user = await userById(tx, row.userId);
  if (!user || user.disabledAt || !needsSecondFactor(user.role)) throw gone();
  return { id: row.id, attempts: row.attempts, user };
}

/** Five wrong codes spent the challenge: the password is asked again, and the page says why (issue 32). */
export function tooManyWrongCodes(): AppError {
  return new AppError("UNAUTHORIZED", "secondFactorTooManyCodes");
}

/** A wrong code: counted (the caller commits it before refusing); the fifth spends the challenge, and the answer says so. */
export async function countWrongCode(deps: Pick<AccountsDeps, "now">, tx: Queryable, challenge: OpenChallenge): Promise<"wrong" | "exhausted"> {
  const attempts = challenge.attempts + 1;
  await tx
    .update(tokens)
    .set({ attempts, ...(attempts >= maximumWrongCodes ? { usedAt: deps.now() } : {}) })
    .where(eq(tokens.id, challenge.id));
  return attempts >= maximumWrongCodes ? "exhausted" : "wrong";
}

export async function spendChallenge(deps: Pick<AccountsDeps, "now">, tx: Queryable, challenge: OpenChallenge): Promise<void> {
  await tx.update(tokens).set({ usedAt: deps.now() }).where(eq(tokens.id, challenge.id));
}

/** The refusal of a wrong code, under the field it was typed into. */
export function wrongCode(field: "code" | "recovery_code", locale: Locale): AppError {
  return new AppError("VALIDATION_FAILED", "secondFactorWrong", { fieldErrors: { [field]: [String(translatorFor(locale)("api.secondFactorWrong"))] } });
}
