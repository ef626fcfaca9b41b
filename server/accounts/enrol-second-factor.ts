import { and, eq } from "drizzle-orm";
import type { Enrolment } from "../../core/contracts/second-factor";
import type { Locale } from "../../core/i18n/locales";
import { hashToken } from "../auth/secrets";
import { checkTotpCode, decryptTotpSecret, encryptTotpSecret, newRecoveryCodes, newTotpSecret, totpQrSvg, totpUri } from "../auth/totp";
import { staffAuditLog, tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { issueSession } from "./account-records";
import { countWrongCode, openSecondFactorChallenge, spendChallenge, tooManyWrongCodes, wrongCode } from "./second-factor-challenge";

/** Recovery codes do not expire; the column wants a date. */
const recoveryCodeYears = 100;

/**
 * The authenticator a staff account without one is about to add (decision 027): a new secret, kept
 * encrypted until confirmed, as a QR code and as text. Asking again (a reload) shows the same secret,
 * so a phone that already scanned it keeps working.
 */
export async function beginSecondFactorEnrolment(deps: AccountsDeps, input: { challenge: string }): Promise<Enrolment> {
  const secret = await deps.db.transaction(async (tx) => {
    const { user } = await openSecondFactorChallenge(deps, tx, input.challenge);
    if (user.totpEnabledAt) throw new AppError("CONFLICT", "secondFactorAlreadyEnrolled");
    const pending = user.totpSecret ? decryptTotpSecret(deps.totpKey, user.totpSecret, { allowDemo: deps.allowDemoTotpSecrets }) : null;
    if (pending) return { value: pending, email: user.email };
    const fresh = newTotpSecret();
    await tx
      .update(users)
      .set({ totpSecret: encryptTotpSecret(deps.totpKey, fresh) })
      .where(eq(users.id, user.id));
    return { value: fresh, email: user.email };
  });
  const uri = totpUri({ issuer: new URL(deps.publicOrigin).host, email: secret.email, secret: secret.value });
  return { secret: secret.value, otpauth_uri: uri, qr_svg: await totpQrSvg(uri) };
}

/** What the second-step page shows: the code field, or (no authenticator yet) the enrolment. */
export async function secondFactorStep(
  deps: AccountsDeps,
  input: { challenge: string },
): Promise<{ enrolled: true } | { enrolled: false; enrolment: Enrolment }> {
  const enrolled = await deps.db.transaction(async (tx) => (await openSecondFactorChallenge(deps, tx, input.challenge)).user.totpEnabledAt !== null);
  return enrolled ? { enrolled } : { enrolled, enrolment: await beginSecondFactorEnrolment(deps, input) };
}

/**
 * The first code from the new authenticator confirms it: the factor is on, ten recovery codes are
 * made (returned this once, stored as hashes), the session opens with the second factor, and the
 * staff audit log says so.
 */
export async function confirmSecondFactorEnrolment(deps: AccountsDeps, input: { challenge: string; code: string; locale: Locale }) {
  const outcome = await deps.db.transaction(async (tx) => {
    const challenge = await openSecondFactorChallenge(deps, tx, input.challenge);
    const { user } = challenge;
    if (user.totpEnabledAt) throw new AppError("CONFLICT", "secondFactorAlreadyEnrolled");
    const secret = user.totpSecret ? decryptTotpSecret(deps.totpKey, user.totpSecret, { allowDemo: deps.allowDemoTotpSecrets }) : null;
    if (!secret) throw new AppError("CONFLICT", "secondFactorNotEnrolled");
    const check = await checkTotpCode({ secret, code: input.code, now: deps.now(), lastStep: null });
    if (!check.valid) {
      return countWrongCode(deps, tx, challenge);
    }
    const now = deps.now();
    await tx.update(users).set({ totpEnabledAt: now, totpLastStep: check.step }).where(eq(users.id, user.id));
    await tx.delete(tokens).where(and(eq(tokens.kind, "recovery_code"), eq(tokens.userId, user.id)));
    const codes = newRecoveryCodes();
    const expiresAt = new Date(now.getTime());
    expiresAt.setUTCFullYear(expiresAt.getUTCFullYear() + recoveryCodeYears);
    await tx.insert(tokens).values(codes.map((code) => ({ kind: "recovery_code" as const, tokenHash: hashToken(code), userId: user.id, expiresAt })));
    await tx.insert(staffAuditLog).values({ actorId: user.id, actorEmail: user.email, action: "second_factor_enrolled", subjectUserId: user.id, at: now });
    await spendChallenge(deps, tx, challenge);
    return { ...(await issueSession(deps, tx, user, undefined, true)), recovery_codes: codes };
  });
  if (outcome === "exhausted") throw tooManyWrongCodes();
  if (outcome === "wrong") throw wrongCode("code", input.locale);
  return outcome;
}
