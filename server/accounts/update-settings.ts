import { and, eq, isNull } from "drizzle-orm";
import type { UpdateSettings, User } from "../../core/contracts/auth";
import type { FieldErrors } from "../../core/contracts/errors";
import type { Actor } from "../../core/domain/permissions";
import { fieldError } from "../../core/i18n/field-errors";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import { hashPassword, verifyPassword } from "../auth/passwords";
import { rateLimitKeyOf } from "../auth/rate-limit-key";
import { tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { findUserByEmail, passwordErrors, sendPasswordChanged, sendVerification, toUser, tooManyAttempts, userById, validationFailed } from "./account-records";

/**
 * Changes one's own profile. A new address or password needs the current password; wrong current
 * passwords slow down per account and `clientAddress`, like logins. A new password ends every session.
 */
export async function updateSettings(
  deps: AccountsDeps,
  actor: Actor,
  input: { userId: string; settings: UpdateSettings; locale: Locale; clientAddress: string },
): Promise<User> {
  const { userId, settings, locale } = input;
  const { now, limits } = deps;
  authorize(actor, "account.update", { id: userId });
  // The back-off counts in the database outside the transaction (a refused change rolls back,
  // its failure must stay counted; PGlite would wait for the open transaction): read before, write after.
  const before = await userById(deps.db, userId);
  const fromHere = `${(before?.email ?? "").toLowerCase()}\n${rateLimitKeyOf(input.clientAddress)}`;
  const backoffWaitMs = await limits.loginFailuresPerAddress.waitMs(fromHere);
  let oldPasswordWas: "right" | "wrong" | undefined;
  try {
    return await deps.db.transaction(async (tx) => {
      const row = await userById(tx, userId);
      if (!row) throw new AppError("UNAUTHORIZED", "sessionInvalid");
      const errors: FieldErrors = {};
      const other = await findUserByEmail(tx, settings.email);
      if (other && other.id !== userId) Object.assign(errors, fieldError("email", "validation.emailTaken", locale));
      const emailChanged = settings.email.toLowerCase() !== row.email.toLowerCase();
      // The address receives reset links and the password opens the account: whoever holds a
      // session (a borrowed laptop, a stolen cookie) must not take the account over with it.
      let oldMatches = false;
      if (emailChanged || settings.password) {
        if (!settings.old_password) Object.assign(errors, fieldError("old_password", "validation.required", locale));
        else {
          // A stolen session must not become an unlimited password oracle: same back-off as the login's.
          if (backoffWaitMs > 0) throw tooManyAttempts(Math.ceil(backoffWaitMs / 1000));
          oldMatches = row.passwordHash ? await verifyPassword(row.passwordHash, settings.old_password) : false;
          oldPasswordWas = oldMatches ? "right" : "wrong";
          if (!oldMatches) Object.assign(errors, fieldError("old_password", "validation.oldPasswordWrong", locale));
        }
      }
      let passwordHash = row.passwordHash;
      if (settings.password) {
        const broken = passwordErrors("password", settings.password, settings.email, locale);
        Object.assign(errors, broken);
        if (oldMatches && Object.keys(broken).length === 0) passwordHash = await hashPassword(settings.password);
      }
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const [updated] = await tx
        .update(users)
        .set({
          name: settings.name,
          firstName: settings.first_name,
          lastName: settings.last_name,
          email: settings.email,
          passwordHash,
          // A new address must be proven before it counts: it decides which guest bookings the account claims.
          emailVerifiedAt: emailChanged ? null : row.emailVerifiedAt,
          updatedAt: now(),
        })
        .where(eq(users.id, userId))
        .returning();
      if (!updated) throw new AppError("UNAUTHORIZED", "sessionInvalid");
      if (emailChanged) {
        await tx
          .update(tokens)
          .set({ revokedAt: now() })
          .where(and(eq(tokens.userId, userId), eq(tokens.kind, "email_verification"), isNull(tokens.usedAt), isNull(tokens.revokedAt)));
        await sendVerification(deps, tx, updated, locale);
      }
      // A changed password ends every session; the caller hands the user a fresh one.
      if (passwordHash !== row.passwordHash) {
        await tx
          .update(tokens)
          .set({ revokedAt: now() })
          .where(and(eq(tokens.userId, userId), eq(tokens.kind, "refresh"), isNull(tokens.revokedAt)));
        // To the address the account had before: a changed address must not hide the notice from its owner.
        await sendPasswordChanged(deps, tx, { name: updated.name, email: row.email }, locale);
      }
      return toUser(updated);
    });
  } finally {
    if (oldPasswordWas === "right") await limits.loginFailuresPerAddress.reset(fromHere);
    if (oldPasswordWas === "wrong") await limits.loginFailuresPerAddress.fail(fromHere);
  }
}
