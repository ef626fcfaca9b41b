import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, randomInt } from "node:crypto";
import { generate, generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/**
 * Staff's second factor (decision 027): TOTP as RFC 6238 says and every authenticator app reads it
 * (SHA-1, 6 digits, 30 s), through otplib. The secret is stored encrypted with a key derived from
 * the server's signing secret, so a copy of the database alone does not reveal it; a code is taken
 * once (the step it matched is remembered) and one step of clock drift either way is allowed.
 */

const period = 30;
/** One step either way: an authenticator app's clock a little off, or a code typed as it turned over. */
const toleranceSeconds = period;
/** Ten recovery codes of 10 characters from an alphabet without look-alikes. */
const recoveryCodeCount = 10;
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789";

/** A 32-byte AES key for the TOTP secrets, derived from the server's secret (HKDF-SHA-256). */
export function totpEncryptionKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", serverSecret, "event-booking", "totp-secret-encryption v1", 32));
}

/** A fresh base32 secret (160 bits) for an authenticator app. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url), AES-256-GCM. */
export function encryptTotpSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

/**
 * The demo logins' secrets are stored as `demo.<base32>` so that the seed needs no key and the
 * start-up log can print them (decision 027). Only a server outside production reads that form:
 * production has no demo accounts, and refuses such a secret if one were ever planted.
 */
export const demoTotpSecretPrefix = "demo.";

/** The secret, or null when the stored value was not made with this key (a changed server secret). */
export function decryptTotpSecret(key: Buffer, stored: string, options: { allowDemo: boolean } = { allowDemo: false }): string | null {
  if (stored.startsWith(demoTotpSecretPrefix)) return options.allowDemo ? stored.slice(demoTotpSecretPrefix.length) : null;
  const [version, iv, tag, ciphertext] = stored.split(".");
  if (version !== "v1" || !iv || !tag || !ciphertext) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** What the authenticator app scans: `otpauth://totp/<issuer>:<email>?secret=…&issuer=…`. */
export function totpUri(input: { issuer: string; email: string; secret: string }): string {
  return generateURI({ issuer: input.issuer, label: input.email, secret: input.secret, period });
}

/** The URI as an SVG QR code (markup, no script, no external image: the page's CSP allows it inline). */
export function totpQrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
}

/**
 * Whether `code` is the secret's code at `now` (one step of drift either way) in a step after
 * `lastStep`; the matched step, which the caller stores so that the code is never taken again.
 */
export async function checkTotpCode(input: { secret: string; code: string; now: Date; lastStep: number | null }): Promise<{ valid: true; step: number } | { valid: false }> {
  const code = input.code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(code)) return { valid: false };
  const result = await verify({
    secret: input.secret,
    token: code,
    epoch: Math.floor(input.now.getTime() / 1000),
    period,
    epochTolerance: toleranceSeconds,
    ...(input.lastStep === null ? {} : { afterTimeStep: input.lastStep }),
  });
  return result.valid && "timeStep" in result ? { valid: true, step: result.timeStep } : { valid: false };
}

/** The code an authenticator app shows at `now` (the demo logins and the tests type it). */
export function totpCodeAt(secret: string, now: Date): Promise<string> {
  return generate({ secret, epoch: Math.floor(now.getTime() / 1000), period });
}

/** New recovery codes, shown once: `abcde-fghjk`. Stored only as hashes, each single use. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: recoveryCodeCount }, () => {
    const chars = Array.from({ length: 10 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** A recovery code as typed (spaces, capitals, with or without the dash) in its stored form. */
export function normalizeRecoveryCode(typed: string): string | null {
  const chars = typed.toLowerCase().replace(/[\s-]+/g, "");
  if (chars.length !== 10 || [...chars].some((char) => !recoveryAlphabet.includes(char))) return null;
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}
