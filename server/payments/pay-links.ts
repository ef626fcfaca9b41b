import { createHmac, timingSafeEqual } from "node:crypto";
import { localizePath, type Locale } from "../../core/i18n/locales";

/**
 * "Pay now" links in e-mails (balance due, reminders, SMA verified): `/pay/{bookingUuid}.{mac}`. The
 * MAC over the booking id makes the link unguessable and the same in every e-mail, so an older
 * reminder still works; it only lets its holder pay what is due on that booking (decision 007).
 */
function macOf(secret: string, bookingId: string): string {
  return createHmac("sha256", secret).update(`pay-link:${bookingId}`).digest("base64url");
}

export function payLinkToken(secret: string, bookingId: string): string {
  return `${bookingId}.${macOf(secret, bookingId)}`;
}

export function payLinkUrl(origin: string, secret: string, bookingId: string, locale: Locale): string {
  return `${origin}${localizePath(`/pay/${payLinkToken(secret, bookingId)}`, locale)}`;
}

/** The booking id a pay link stands for, or null when it was not made with this secret. */
export function bookingOfPayLink(secret: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(macOf(secret, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
