import { isCommonPassword } from "./common-passwords";

export const minimumPasswordLength = 10;
/** argon2 hashes the whole input; a bound keeps a login from being a cheap denial of service. */
export const maximumPasswordLength = 200;

export type PasswordProblem = "tooShort" | "tooLong" | "tooCommon" | "containsEmail";

/** What is wrong with a new password, or null. The e-mail address is not a password. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < minimumPasswordLength) return "tooShort";
  if (password.length > maximumPasswordLength) return "tooLong";
  if (isCommonPassword(password)) return "tooCommon";
  const localPart = email?.split("@")[0]?.toLowerCase();
  if (localPart && localPart.length >= 4 && password.toLowerCase().includes(localPart)) return "containsEmail";
  return null;
}
