import { and, eq, gt, isNull } from "drizzle-orm";
import type { Locale } from "../../core/i18n/locales";
import { hashPassword } from "../auth/passwords";
import { hashToken } from "../auth/secrets";
import type { Queryable } from "../db/client";
import { bookings, tokens, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { checkPassword, consumeToken, userById } from "./account-records";

/** The account an unspent, unexpired activation link stands for, or undefined. */
async function pendingActivation(deps: Pick<AccountsDeps, "now">, queryable: Queryable, token: string) {
  const [pending] = await queryable
    .select({ userId: tokens.userId })
    .from(tokens)
    .where(and(eq(tokens.kind, "account_activation"), eq(tokens.tokenHash, hashToken(token)), isNull(tokens.usedAt), gt(tokens.expiresAt, deps.now())))
    .limit(1);
  return pending?.userId ? userById(queryable, pending.userId) : undefined;
}

/** Whether the activation page should show its form: the link is still good (looking does not spend it). */
export async function activationLinkIsValid(deps: Pick<AccountsDeps, "db" | "now">, input: { token: string }): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(input.token)) return false;
  return Boolean(await pendingActivation(deps, deps.db, input.token));
}

/**
 * "Create a customer account" while booking made an account without a password; its e-mailed link
 * (the token is the credential) sets the first one under the same password policy as everywhere,
 * which activates it and proves the address. Decision 022: activation, not a password reset.
 */
export async function activateAccount(deps: AccountsDeps, input: { token: string; password: string; locale: Locale }): Promise<{ email: string }> {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const user = await pendingActivation(deps, tx, input.token);
    if (!user) throw new AppError("BAD_REQUEST", "linkInvalid");
    checkPassword("password", input.password, user.email, input.locale);
    if (!(await consumeToken(deps, tx, "account_activation", input.token))) throw new AppError("BAD_REQUEST", "linkInvalid");
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(input.password), emailVerifiedAt: user.emailVerifiedAt ?? now(), updatedAt: now() })
      .where(eq(users.id, user.id));
    return { email: user.email };
  });
}

/**
 * Whether the booking's "create a customer account" made an account that still waits for its
 * activation (no password yet): the success page then says the activation mail is on its way. The
 * caller has shown the booking's key; the answer is a yes or no about that booking only.
 */
export async function activationPendingForBooking(deps: Pick<AccountsDeps, "db">, input: { bookingId: string }): Promise<boolean> {
  const [row] = await deps.db
    .select({ passwordHash: users.passwordHash })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(and(eq(bookings.id, input.bookingId), eq(bookings.createAccount, true)))
    .limit(1);
  return row !== undefined && row.passwordHash === null;
}
