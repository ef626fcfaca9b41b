import type { Role } from "../../../core/domain/permissions";
/** User accounts with a verified e-mail address and a known password. */
import type { Locale } from "../../../core/i18n/locales";
import { hashPassword } from "../../auth/passwords";
import { demoTotpSecretPrefix } from "../../auth/totp";
import type { Transaction } from "../client";
import { users } from "../schema";

/** `totpSecret`: staff with their second factor on, the secret stored in the demo form (server/auth/totp.ts). */
export type AccountSeed = { email: string; password: string; name: string; role: Role; totpSecret?: string };

/** Inserts the account (first and last name split at the first space); answers its id. */
export async function insertAccount(tx: Transaction, account: AccountSeed, options: { locale: Locale; verifiedAt: Date }): Promise<string> {
  const [firstName = account.name, lastName = ""] = account.name.split(" ");
  const [row] = await tx
    .insert(users)
    .values({
      name: account.name,
      firstName,
      lastName,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      locale: options.locale,
      emailVerifiedAt: options.verifiedAt,
      ...(account.totpSecret ? { totpSecret: `${demoTotpSecretPrefix}${account.totpSecret}`, totpEnabledAt: options.verifiedAt } : {}),
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`Seeding the account ${account.email} returned no id.`);
  return row.id;
}
