import { createHmac, timingSafeEqual } from "node:crypto";
import { localizePath, type Locale } from "../../core/i18n/locales";

/**
 * A person's own sign link (decision 080): `/waiver/{participantUuid}.{generation}.{mac}`, signed like the
 * manage link (server/bookings/manage-links.ts) with the same secret under its own MAC prefix. The
 * booking's manage-link generation is part of the MAC, so "send me a new link" revokes these as well;
 * the lookup checks the rest (the booking active, the event not over).
 */
function macOf(secret: string, participantId: string, generation: number): string {
  return createHmac("sha256", secret).update(`waiver-link:${participantId}:${generation}`).digest("base64url");
}

export function waiverLinkToken(secret: string, participantId: string, generation: number): string {
  return `${participantId}.${generation}.${macOf(secret, participantId, generation)}`;
}

export function waiverLinkPath(secret: string, input: { participantId: string; generation: number; locale: Locale }): string {
  return localizePath(`/waiver/${waiverLinkToken(secret, input.participantId, input.generation)}`, input.locale);
}

/** The participant and generation a sign link names, or null when it was not made with this secret. */
export function parseWaiverLinkToken(secret: string, token: string): { participantId: string; generation: number } | null {
  const match = /^([0-9a-f-]{36})\.(\d{1,9})\.([A-Za-z0-9_-]{43})$/i.exec(token);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  const generation = Number(match[2]);
  const expected = Buffer.from(macOf(secret, match[1], generation));
  const given = Buffer.from(match[3]);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { participantId: match[1], generation } : null;
}

/** An absolute sign link, for e-mails. */
export function waiverLinkUrl(origin: string, secret: string, input: { participantId: string; generation: number; locale: Locale }): string {
  return `${origin}${waiverLinkPath(secret, input)}`;
}
