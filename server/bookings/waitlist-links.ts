import { createHmac, timingSafeEqual } from "node:crypto";
import { localizePath, type Locale } from "../../core/i18n/locales";

/**
 * "Leave the waitlist" links in the sign-up's confirmation (issue 32): `/waitlist/leave/{entryUuid}.{mac}`.
 * Signed rather than stored, like the manage links (server/bookings/manage-links.ts), with their secret
 * and a MAC prefix of their own: unguessable without a token table. Leaving is idempotent, so the link
 * needs no expiry: used twice, it says the entry is already off the list.
 */
function macOf(secret: string, entryId: string): string {
  return createHmac("sha256", secret).update(`waitlist-leave:${entryId}`).digest("base64url");
}

export function waitlistLeaveUrl(origin: string, secret: string, entry: { id: string; locale: Locale }): string {
  return `${origin}${localizePath(`/waitlist/leave/${entry.id}.${macOf(secret, entry.id)}`, entry.locale)}`;
}

/** The entry a leave link names, or null when it was not made with this secret. */
export function parseWaitlistLeaveToken(secret: string, token: string): string | null {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/i.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const expected = Buffer.from(macOf(secret, match[1]));
  const given = Buffer.from(match[2]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : null;
}
