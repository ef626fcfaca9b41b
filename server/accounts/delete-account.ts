import { eq } from "drizzle-orm";
import type { Actor } from "../../core/domain/permissions";
import { fieldError } from "../../core/i18n/field-errors";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import { verifyPassword } from "../auth/passwords";
import { rateLimitKeyOf } from "../auth/rate-limit-key";
import { bookings, tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import type { FileStore } from "../deps/file-store";
import { erasePersonalData, removeFiles } from "../privacy/erase-personal-data";
import { tooManyAttempts, userById, validationFailed } from "./account-records";

/**
 * Irrevocable: the account row and its tokens go, and its bookings' personal data with them (decision 076):
 * answers, uploads, e-mail addresses and phone numbers are erased, one audit row per booking, in the same
 * transaction; what the law keeps (the issued invoices, and the names and addresses they print) stays, no
 * longer linked to the account (PRODUCT.md "Accounts"). The files leave the store once the rows are gone.
 *
 * Only with the current password (issue 32): a missing or wrong one is a field error and changes nothing;
 * wrong ones slow down per account and `clientAddress` like logins and settings changes.
 */
export async function deleteAccount(
  deps: AccountsDeps & { files: FileStore },
  actor: Actor,
  input: { userId: string; password: string | null | undefined; locale: Locale; clientAddress: string },
): Promise<void> {
  const { userId, locale } = input;
  authorize(actor, "account.delete", { id: userId });
  const now = deps.now();
  const account = await userById(deps.db, userId);
  if (!account) throw new AppError("UNAUTHORIZED", "sessionInvalid");
  if (!input.password) throw validationFailed(fieldError("password", "validation.required", locale));
  const fromHere = `${account.email.toLowerCase()}\n${rateLimitKeyOf(input.clientAddress)}`;
  const backoffWaitMs = await deps.limits.loginFailuresPerAddress.waitMs(fromHere);
  if (backoffWaitMs > 0) throw tooManyAttempts(Math.ceil(backoffWaitMs / 1000));
  if (!account.passwordHash || !(await verifyPassword(account.passwordHash, input.password))) {
    await deps.limits.loginFailuresPerAddress.fail(fromHere);
    throw validationFailed(fieldError("password", "validation.oldPasswordWrong", locale));
  }
  await deps.limits.loginFailuresPerAddress.reset(fromHere);
  const storageKeys = await deps.db.transaction(async (tx) => {
    const row = await userById(tx, userId);
    if (!row) throw new AppError("UNAUTHORIZED", "sessionInvalid");
    const owned = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.userId, userId));
    const erased = await erasePersonalData(tx, { bookingIds: owned.map((booking) => booking.id), depth: "person", reason: "account_deleted", now });
    await tx.update(bookings).set({ userId: null }).where(eq(bookings.userId, userId));
    await tx.delete(tokens).where(eq(tokens.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await deps.enqueueMail(tx, { template: "account-deleted", locale: row.locale, to: row.email, payload: { name: row.name } });
    return erased.storageKeys;
  });
  await removeFiles(deps.files, storageKeys);
}
