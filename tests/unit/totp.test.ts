import { describe, expect, it } from "vitest";
import {
  checkTotpCode,
  decryptTotpSecret,
  encryptTotpSecret,
  newRecoveryCodes,
  newTotpSecret,
  normalizeRecoveryCode,
  totpCodeAt,
  totpEncryptionKey,
  totpUri,
} from "../../server/auth/totp";

const key = totpEncryptionKey("a-server-secret-of-at-least-thirty-two-chars");
const at = new Date("2026-11-23T12:00:10Z");
const seconds = (value: number) => new Date(at.getTime() + value * 1000);

describe("staff's second factor (decision 027)", () => {
  it("stores the secret encrypted: another server secret cannot read it, a tampered value neither", () => {
    const secret = newTotpSecret();
    const stored = encryptTotpSecret(key, secret);
    expect(stored).not.toContain(secret);
    expect(decryptTotpSecret(key, stored)).toBe(secret);
    expect(decryptTotpSecret(totpEncryptionKey("another-server-secret-of-enough-length!"), stored)).toBeNull();
    expect(decryptTotpSecret(key, `${stored.slice(0, -2)}AA`)).toBeNull();
    expect(decryptTotpSecret(key, "garbage")).toBeNull();
  });

  it("reads a demo login's plain secret only outside production", () => {
    expect(decryptTotpSecret(key, "demo.KRUGKIDROVUWG2ZAMJZG653OEBTG66BA", { allowDemo: true })).toBe("KRUGKIDROVUWG2ZAMJZG653OEBTG66BA");
    expect(decryptTotpSecret(key, "demo.KRUGKIDROVUWG2ZAMJZG653OEBTG66BA", { allowDemo: false })).toBeNull();
  });

  it("takes the current code and one step of drift either way, not two, and never a step already taken", async () => {
    const secret = newTotpSecret();
    const now = await checkTotpCode({ secret, code: await totpCodeAt(secret, at), now: at, lastStep: null });
    expect(now.valid).toBe(true);
    expect((await checkTotpCode({ secret, code: await totpCodeAt(secret, seconds(-30)), now: at, lastStep: null })).valid).toBe(true);
    expect((await checkTotpCode({ secret, code: await totpCodeAt(secret, seconds(30)), now: at, lastStep: null })).valid).toBe(true);
    expect((await checkTotpCode({ secret, code: await totpCodeAt(secret, seconds(-90)), now: at, lastStep: null })).valid).toBe(false);
    expect((await checkTotpCode({ secret, code: await totpCodeAt(secret, seconds(90)), now: at, lastStep: null })).valid).toBe(false);
    if (!now.valid) throw new Error("unreachable");
    // The same code again, or an older one, after it was taken: refused.
    expect((await checkTotpCode({ secret, code: await totpCodeAt(secret, at), now: at, lastStep: now.step })).valid).toBe(false);
    expect((await checkTotpCode({ secret, code: await totpCodeAt(secret, seconds(-30)), now: at, lastStep: now.step })).valid).toBe(false);
    expect((await checkTotpCode({ secret, code: await totpCodeAt(secret, seconds(30)), now: seconds(30), lastStep: now.step })).valid).toBe(true);
  });

  it("refuses what is not six digits, and takes the digits with spaces between them", async () => {
    const secret = newTotpSecret();
    const code = await totpCodeAt(secret, at);
    expect((await checkTotpCode({ secret, code: `${code.slice(0, 3)} ${code.slice(3)}`, now: at, lastStep: null })).valid).toBe(true);
    for (const wrong of ["", "12345", "1234567", "abcdef", "12345a"]) expect((await checkTotpCode({ secret, code: wrong, now: at, lastStep: null })).valid).toBe(false);
  });

  it("makes ten distinct recovery codes and reads them back however they are typed", () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const first = codes[0] ?? "";
    expect(normalizeRecoveryCode(first.toUpperCase().replace("-", " "))).toBe(first);
    expect(normalizeRecoveryCode(` ${first.replace("-", "")} `)).toBe(first);
    expect(normalizeRecoveryCode("abc")).toBeNull();
    expect(normalizeRecoveryCode("abcde-fghi1")).toBeNull();
  });

  it("names the site and the account in the app's entry", () => {
    expect(totpUri({ issuer: "booking.example", email: "staff@example.com", secret: "KRUGKIDROVUWG2ZA" })).toMatch(/^otpauth:\/\/totp\/booking\.example:staff%40example\.com\?secret=KRUGKIDROVUWG2ZA/);
  });
});
