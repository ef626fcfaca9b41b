import { createHmac, timingSafeEqual } from "node:crypto";
import { localizePath, type Locale } from "../../core/i18n/locales";

/**
 * "Manage my booking" links in every booking e-mail: `/my-booking/{bookingUuid}.{generation}.{mac}`.
 * Signed rather than stored, so every e-mail of a booking carries the same working link without a
 * token table; the generation (`bookings.manage_link_generation`) is part of the MAC, so raising it
 * revokes every link handed out before. The link is valid until the event is over: the lookup
 * checks the event's end, not the link.
 */
function macOf(secret: string, bookingId: string, generation: number): string {
  return createHmac("sha256", secret).update(`manage-link:${bookingId}:${generation}`).digest("base64url");
}

export type ManageLinkBooking = { id: string; manageLinkGeneration: number; locale: Locale };

export function manageLinkToken(secret: string, booking: Pick<ManageLinkBooking, "id" | "manageLinkGeneration">): string {
  return `${booking.id}.${booking.manageLinkGeneration}.${macOf(secret, booking.id, booking.manageLinkGeneration)}`;
}

export function manageLinkPath(secret: string, booking: ManageLinkBooking): string {
  return localizePath(`/my-booking/${manageLinkToken(secret, booking)}`, booking.locale);
}

export function manageLinkUrl(origin: string, secret: string, booking: ManageLinkBooking): string {
  return `${origin}${manageLinkPath(secret, booking)}`;
}

/** The booking and generation a manage link names, or null when it was not made with this secret. */
export function parseManageLinkToken(secret: string, token: string): { bookingId: string; generation: number } | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/i.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const generation = Number(match[2]);
  const expected = Buffer.from(macOf(secret, match[1], generation));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { bookingId: match[1], generation } : null;
}
