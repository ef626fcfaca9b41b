import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { TokenResponse } from "../../core/contracts/auth";
import { bookings, participants, users } from "../db/schema";
import { AppError } from "../errors";
import type { AccountsDeps } from "../deps/accounts-deps";
import { consumeToken, issueSession, userById } from "./account-records";

/** The link in the verification e-mail (its token is the credential): confirms the address and logs the user in. */
export async function verifyEmail(deps: AccountsDeps, input: { token: string }): Promise<TokenResponse & { userId: string }> {
  const { now } = deps;
  return deps.db.transaction(async (tx) => {
    const used = await consumeToken(deps, tx, "email_verification", input.token);
    const user = used?.userId ? await userById(tx, used.userId) : undefined;
    if (!user) throw new AppError("BAD_REQUEST", "linkInvalid");
    await tx
      .update(users)
      .set({ emailVerifiedAt: user.emailVerifiedAt ?? now(), updatedAt: now() })
      .where(eq(users.id, user.id));
    // Bookings made as a guest with the same address now belong to the account (PRODUCT.md "Accounts").
    const guestBookings = tx
      .select({ id: participants.bookingId })
      .from(participants)
      .where(and(eq(participants.role, "main"), eq(sql`lower(${participants.email})`, user.email.toLowerCase())));
    await tx
      .update(bookings)
      .set({ userId: user.id })
      .where(and(isNull(bookings.userId), inArray(bookings.id, guestBookings)));
    return { ...(await issueSession(deps, tx, user)), userId: user.id };
  });
}
