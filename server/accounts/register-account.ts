import { registrationName, type RegisterRequest } from "../../core/contracts/auth";
import { fieldError } from "../../core/i18n/field-errors";
import type { Locale } from "../../core/i18n/locales";
import { hashPassword } from "../auth/passwords";
import { users } from "../db/schema";
import type { AccountsDeps } from "../deps/accounts-deps";
import { checkPassword, enforce, findUserByEmail, isUniqueViolation, sendVerification, validationFailed } from "./account-records";

/** Anyone may register (limited per client address); the account waits for its address to be confirmed (double opt-in). */
export async function registerAccount(deps: AccountsDeps, input: { request: RegisterRequest; locale: Locale; clientAddress: string }): Promise<void> {
  const { request, locale } = input;
  await enforce(deps.limits.registerPerIp, input.clientAddress);
  checkPassword("password", request.password, request.email, locale);
  const passwordHash = await hashPassword(request.password);
  try {
    await deps.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, request.email)) throw validationFailed(fieldError("email", "validation.emailTaken", locale));
      const [user] = await tx
        .insert(users)
        .values({
          name: registrationName(request),
          firstName: request.first_name,
          lastName: request.last_name,
          email: request.email,
          passwordHash,
          locale: request.locale ?? locale,
        })
        .returning();
      if (!user) throw new Error("user insert returned nothing");
      await sendVerification(deps, tx, user, request.locale ?? locale);
    });
  } catch (error) {
    // Two registrations of one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw validationFailed(fieldError("email", "validation.emailTaken", locale));
    throw error;
  }
}
