import { isCommonPassword } from "./common-passwords";

export const minimumPasswordLength = 10;
/** argon2 hashes the whole input; a bound keeps a login from being a cheap denial of service. */
export const maximumPasswordLength = 200;

export type PasswordProblem = "tooShort" | "tooLong" | "tooCommon" | "containsEmail";

/**
 * Every rule of a new password, in the order the forms list them. Each says whether a password
 * breaks it; the browser shows all of them live and the server names every broken one (not only
 * the first), so the visitor fixes everything in one go.
 */
export const passwordRules = [
  { problem: "tooShort", breaks: (password: string) => password.length < minimumPasswordLength },
  { problem: "tooLong", breaks: (password: string) => password.length > maximumPasswordLength },
  { problem: "tooCommon", breaks: (password: string) => isCommonPassword(password) },
  {
    problem: "containsEmail",
    // The e-mail address is not a password.
    breaks: (password: string, email?: string) => {
      const localPart = email?.split("@")[0]?.toLowerCase();
      return Boolean(localPart && localPart.length >= 4 && password.toLowerCase().includes(localPart));
    },
  },
] as const satisfies readonly { problem: PasswordProblem; breaks: (password: string, email?: string) => boolean }[];

/** Every rule a new password breaks, in the rules' order; empty when it is fine. */
export function passwordProblems(password: string, email?: string): PasswordProblem[] {
  return passwordRules.filter((rule) => rule.breaks(password, email)).map((rule) => rule.problem);
}

/** The first rule a new password breaks, or null. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  return passwordProblems(password, email)[0] ?? null;
}
