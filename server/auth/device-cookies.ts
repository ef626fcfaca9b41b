import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/**
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a successful login
 * leaves `{userId}:{deviceId}.{mac}` in the browser. Only this server's secret makes a valid MAC, so
 * the cookie proves "this browser logged in to this account before": its attempts are limited per
 * account and device, never by the account-wide back-off that a distributed attacker can keep up
 * (docs/decisions/011).
 */
export type Device = { userId: string; deviceId: string };

/** A year: the point is to recognise the owner's browser long after the session has ended. */
export const deviceCookieSeconds = 365 * 24 * 3600;

function macOf(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`device-cookie:${payload}`).digest("base64url");
}

export function signDevice(secret: string, device: Device): string {
  const payload = `${device.userId}:${device.deviceId}`;
  return `${payload}.${macOf(secret, payload)}`;
}

/** A fresh device for `userId`, or the one its cookie already names (its limit stays the same). */
export function deviceFor(userId: string, known: Device | null): Device {
  return known?.userId === userId ? known : { userId, deviceId: randomBytes(16).toString("base64url") };
}

/** The device a cookie names, or null when it was not made with this secret. */
export function verifyDevice(secret: string, value: string | null | undefined): Device | null {
  const match = /^([0-9a-f-]{36}):([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/i.exec(value ?? "");
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const expected = Buffer.from(macOf(secret, `${match[1]}:${match[2]}`));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId: match[1], deviceId: match[2] } : null;
}
