import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { TokenResponse, User } from "../../core/contracts/auth";
import type { FieldErrors } from "../../core/contracts/errors";
import { passwordProblems, type PasswordProblem } from "../../core/domain/password-policy";
import { fieldError } from "../../core/i18n/field-errors";
import { localizePath, type Locale } from "../../core/i18n/locales";
import { accessTokenSeconds, refreshTokenSeconds } from "../auth/access-tokens";
import type { RateLimiter } from "../auth/rate-limiter";
import { hashToken, newSecretToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { verifyEmailValidHours } from "../email";
import { tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";

/** The account verbs' shared steps: lookups, e-mailed link tokens, sessions, errors. Each runs in the caller's transaction. */

/** How long the links in e-mails work. */
export const emailVerificationSeconds = verifyEmailValidHours * 3600;
export const passwordResetSeconds = 3600;
/** The link that activates an account made at booking (sets its first password): the customer may read it days later. */
export const accountActivationDays = 7;
export const accountSetupSeconds = accountActivationDays * 24 * 3600;

export type UserRow = typeof users.$inferSelect;

export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const passwordMessages: Record<
  PasswordProblem,
  "validation.passwordTooShort" | "validation.passwordTooLong" | "validation.passwordTooCommon" | "validation.passwordContainsEmail"
> = {
  tooShort: "validation.passwordTooShort",
  tooLong: "validation.passwordTooLong",
  tooCommon: "validation.passwordTooCommon",
  containsEmail: "validation.passwordContainsEmail",
};

export function validationFailed(fieldErrors: FieldErrors): AppError {
  return new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors });
}

/** Every broken rule of a new password, translated: the field's messages, the first one shown (spec §4's errors object). */
export function passwordErrors(field: string, password: string, email: string, locale: Locale): FieldErrors {
  const problems = passwordProblems(password, email);
  if (problems.length === 0) return {};
  return { [field]: problems.flatMap((problem) => fieldError(field, passwordMessages[problem], locale)[field] ?? []) };
}

export function checkPassword(field: string, password: string, email: string, locale: Locale): void {
  const errors = passwordErrors(field, password, email, locale);
  if (Object.keys(errors).length) throw validationFailed(errors);
}

export function isUniqueViolation(error: unknown): boolean {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.some((candidate) => typeof candidate === "object" && candidate !== null && (candidate as { code?: unknown }).code === "23505");
}

export function tooManyAttempts(retryAfterSeconds: number): AppError {
  return new AppError("TOO_MANY_REQUESTS", "tooManyAttempts", {
    params: { count: Math.ceil(retryAfterSeconds / 60) },
    retryAfterSeconds,
  });
}

export async function enforce(limiter: RateLimiter, key: string) {
  const result = await limiter.hit(key);
  if (!result.allowed) throw tooManyAttempts(result.retryAfterSeconds);
}

export function toUser(row: UserRow): User {
  return {
    uuid: row.id,
    name: row.name,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    locale: row.locale,
    role: row.role,
    email_verified_at: row.emailVerifiedAt?.toISOString() ?? null,
  };
}

export const linkTo = (deps: Pick<AccountsDeps, "publicOrigin">, path: string, locale: Locale) => `${deps.publicOrigin}${localizePath(path, locale)}`;
const secondsFromNow = (deps: Pick<AccountsDeps, "now">, seconds: number) => new Date(deps.now().getTime() + seconds * 1000);

export async function findUserByEmail(queryable: Queryable, email: string): Promise<UserRow | undefined> {
  const [row] = await queryable
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function userById(queryable: Queryable, userId: string): Promise<UserRow | undefined> {
  const [row] = await queryable.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** A single-use secret for an e-mailed link; only its hash is stored. */
export async function issueLinkToken(
  deps: Pick<AccountsDeps, "now">,
  tx: Queryable,
  kind: "email_verification" | "password_reset" | "account_activation",
  userId: string,
  validSeconds: number,
): Promise<string> {
  const token = newSecretToken();
  await tx.insert(tokens).values({ kind, tokenHash: hashToken(token), userId, expiresAt: secondsFromNow(deps, validSeconds) });
  return token;
}

export async function revokeRefreshFamily(deps: Pick<AccountsDeps, "now">, queryable: Queryable, familyId: string) {
  await queryable
    .update(tokens)
    .set({ revokedAt: deps.now() })
    .where(and(eq(tokens.kind, "refresh"), eq(tokens.familyId, familyId), isNull(tokens.revokedAt)));
}

export async function sendVerification(deps: AccountsDeps, tx: Queryable, user: UserRow, locale: Locale) {
  const token = await issueLinkToken(deps, tx, "email_verification", user.id, emailVerificationSeconds);
  await deps.enqueueMail(tx, {
    template: "verify-email",
    locale,
    to: user.email,
    payload: { name: user.name, verifyUrl: linkTo(deps, `/register/${token}`, locale) },
  });
}

/** The security notice after a password change, in the caller's transaction: "if this was not you, reset it here" (issue 32). */
export async function sendPasswordChanged(deps: AccountsDeps, tx: Queryable, user: Pick<UserRow, "name" | "email">, locale: Locale) {
  await deps.enqueueMail(tx, {
    template: "password-changed",
    locale,
    to: user.email,
    payload: { name: user.name, changedAt: deps.now().toISOString(), resetUrl: linkTo(deps, "/reset-password", locale) },
  });
}

/**
 * A new session: a signed access token and a refresh token that starts a new rotation family, or
 * continues `familyId`. The family is the session: the access token names it in its `sid` claim.
 * `secondFactor`: opened with staff's second factor; the family's rotations keep it (decision 027).
 */
export async function issueSession(
  deps: AccountsDeps,
  tx: Queryable,
  user: Pick<UserRow, "id" | "role">,
  familyId?: string,
  secondFactor = false,
): Promise<TokenResponse> {
  const refreshToken = newSecretToken();
  const [row] = await tx
    .insert(tokens)
    .values({
      kind: "refresh",
      tokenHash: hashToken(refreshToken),
      userId: user.id,
      familyId: familyId ?? null,
      expiresAt: secondsFromNow(deps, refreshTokenSeconds),
      secondFactor,
    })
    .returning({ id: tokens.id });
  if (!row) throw new Error("refresh token insert returned nothing");
  if (!familyId) await tx.update(tokens).set({ familyId: row.id }).where(eq(tokens.id, row.id));
  return {
    access_token: await deps.accessTokens.sign({ userId: user.id, role: user.role, sessionId: familyId ?? row.id, secondFactor }),
    token_type: "Bearer",
    expires_in: accessTokenSeconds,
    refresh_token: refreshToken,
    refresh_expires_in: refreshTokenSeconds,
  };
}

/** Takes a single-use e-mailed token (verification, reset): valid, unused, unexpired, or null. */
export async function consumeToken(
  deps: Pick<AccountsDeps, "now">,
  tx: Queryable,
  kind: "email_verification" | "password_reset" | "account_activation" | "staff_invitation",
  token: string,
) {
  const now = deps.now();
  const [row] = await tx
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.kind, kind), eq(tokens.tokenHash, hashToken(token)), isNull(tokens.usedAt), isNull(tokens.revokedAt), gt(tokens.expiresAt, now)))
    .returning();
  return row ?? null;
}
