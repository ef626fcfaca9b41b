import type { Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { users } from "../db/schema";
import type { AccountsDeps } from "../deps/accounts-deps";
import { accountActivationDays, accountSetupSeconds, findUserByEmail, issueLinkToken, linkTo } from "./account-records";

/**
 * The booking form's "create an account" option: an account for the booking's address without a
 * password yet, and an "activate your account" e-mail whose link sets one (following it proves the
 * address; decision 022: its own token kind and mail, not the password reset's). An address
 * that already has an account is left alone: the booking shows on its dashboard by e-mail.
 * Runs inside the submission's transaction (the submission authorized its caller). Returns the new
 * account's id, if one was made.
 */
export async function createAccountForBooking(
  deps: AccountsDeps,
  tx: Queryable,
  input: { email: string; firstName: string | null; lastName: string | null; locale: Locale },
): Promise<string | null> {
  if (await findUserByEmail(tx, input.email)) return null;
  const name = [input.firstName, input.lastName].filter(Boolean).join(" ") || input.email;
  const [user] = await tx
    .insert(users)
    .values({ name, firstName: input.firstName, lastName: input.lastName, email: input.email.trim(), passwordHash: null, locale: input.locale })
    .returning();
  if (!user) throw new Error("user insert returned nothing");
  const token = await issueLinkToken(deps, tx, "account_activation", user.id, accountSetupSeconds);
  await deps.enqueueMail(tx, {
    template: "account-activation",
    locale: input.locale,
    to: user.email,
    payload: { name: user.name, activateUrl: linkTo(deps, `/activate-account/${token}`, input.locale), validDays: accountActivationDays },
  });
  return user.id;
}
