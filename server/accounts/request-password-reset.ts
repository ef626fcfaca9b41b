import type { Locale } from "../../core/i18n/locales";
import type { AccountsDeps } from "../deps/accounts-deps";
import { enforce, findUserByEmail, issueLinkToken, linkTo, passwordResetSeconds } from "./account-records";

/**
 * Anyone may ask. Same answer, after the same work, whether or not the address has an account:
 * nobody learns who is registered, not even from the time the answer takes. The lookup, the link
 * and the mail happen after the answer (a lost one costs the visitor a second request).
 */
export async function requestPasswordReset(deps: AccountsDeps, input: { email: string; locale: Locale; clientAddress: string }): Promise<void> {
  await enforce(deps.limits.resetPerIp, input.clientAddress);
  if (!(await deps.limits.resetPerAccount.hit(input.email.trim().toLowerCase())).allowed) return;
  deps.afterAnswer.run(() => sendPasswordReset(deps, input.email, input.locale));
}

async function sendPasswordReset(deps: AccountsDeps, email: string, locale: Locale) {
  await deps.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = await issueLinkToken(deps, tx, "password_reset", user.id, passwordResetSeconds);
    await deps.enqueueMail(tx, {
      template: "password-reset",
      locale,
      to: user.email,
      payload: { name: user.name, resetUrl: linkTo(deps, `/reset-password/${token}`, locale), expiresInMinutes: passwordResetSeconds / 60 },
    });
  });
}
