import { hash, verify } from "@node-rs/argon2";

/** argon2id with OWASP's second recommended profile (19 MiB, 2 passes). */
const options = {
  algorithm: 2 /* Algorithm.Argon2id: a const enum, not importable under verbatimModuleSyntax */,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifying against this when no account matches takes as long as a real check, so the answer
 * time does not tell whether an e-mail address has an account.
 */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("no-account-has-this-password");
  await verifyPassword(await dummyHash, password);
  return false;
}
