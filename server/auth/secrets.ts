import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: booking, verification, reset and refresh tokens. */
export function newSecretToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are stored only as this hash: a database leak hands out no usable link or session. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
