import { eq } from "drizzle-orm";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import { bookings, tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import type { FileStore } from "../deps/file-store";
import { erasePersonalData, removeFiles } from "../privacy/erase-personal-data";
import { userById } from "./account-records";

/**
 * Irrevocable: the account row and its tokens go, and its bookings' personal data with them (decision 076):
 * answers, uploads, e-mail addresses and phone numbers are erased, one audit row per booking, in the same
 * transaction; what the law keeps (the issued invoices, and the names and addresses they print) stays, no
 * longer linked to the account (PRODUCT.md "Accounts"). The files leave the store once the rows are gone.
 */
export async function deleteAccount(deps: AccountsDeps & { files: FileStore }, actor: Actor, input: { userId: string }): Promise<void> {
  const { userId } = input;
  authorize(actor, "account.delete", { id: userId });
  const now = deps.now();
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
