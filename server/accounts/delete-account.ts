import { eq } from "drizzle-orm";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import { bookings, tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { userById } from "./account-records";

/**
 * Irrevocable: the account row and its tokens go; bookings the operator must keep for
 * bookkeeping stay, no longer linked to the account (PRODUCT.md "Accounts").
 */
export async function deleteAccount(deps: AccountsDeps, actor: Actor, input: { userId: string }): Promise<void> {
  const { userId } = input;
  authorize(actor, "account.delete", { id: userId });
  await deps.db.transaction(async (tx) => {
    const row = await userById(tx, userId);
    if (!row) throw new AppError("UNAUTHORIZED", "sessionInvalid");
    await tx.update(bookings).set({ userId: null }).where(eq(bookings.userId, userId));
    await tx.delete(tokens).where(eq(tokens.userId, userId));
    await tx.delete(users).where(eq(users.id, userId));
    await deps.enqueueMail(tx, { template: "account-deleted", locale: row.locale, to: row.email, payload: { name: row.name } });
  });
}
