import { readCookie } from "../../core/i18n/locales";
import { cookie } from "./web-session";

/**
 * The bookings in progress of a browser, remembered in the httpOnly `booking_token` cookie
 * (PRODUCT.md "Routes the spec leaves loose"). One entry per form, most recently used first,
 * so starting another event's booking never loses the first one's key. Page scripts never see a token: the API
 * reads it from this cookie when the request carries none itself.
 */
export const bookingTokenCookieName = "booking_token";
/** The form and page the visitor was on last: `/booking` without a uuid resumes there. */
export const formPositionCookieName = "form_position";

export type BookingKey = { formUuid: string; bookingUuid: string; token: string };

/** Enough for a visitor comparing a few events; the oldest key drops out first. */
const maximumBookingsPerBrowser = 10;
/** A booking stays resumable for a month of evenings (spec §4: resumable "on another day"). */
const bookingCookieMaxAgeSeconds = 30 * 24 * 3600;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const tokenPattern = /^[A-Za-z0-9_-]{20,200}$/;

export function readBookingKeys(cookieHeader: string | null | undefined): BookingKey[] {
  const value = readCookie(cookieHeader, bookingTokenCookieName);
  if (!value) return [];
  return value.split(",").flatMap((entry): BookingKey[] => {
    const [formUuid, bookingUuid, token] = entry.split(":");
    if (!formUuid || !bookingUuid || !token) return [];
    if (!uuidPattern.test(formUuid) || !uuidPattern.test(bookingUuid) || !tokenPattern.test(token)) return [];
    return [{ formUuid, bookingUuid, token }];
  });
}

export function bookingKeyOfForm(cookieHeader: string | null | undefined, formUuid: string): BookingKey | undefined {
  return readBookingKeys(cookieHeader).find((key) => key.formUuid === formUuid);
}

/** The token of a booking this browser started, for API calls that carry none themselves. */
export function bookingTokenFromCookie(cookieHeader: string | null | undefined, bookingUuid: string): string | undefined {
  return readBookingKeys(cookieHeader).find((key) => key.bookingUuid === bookingUuid)?.token;
}

/** The cookie that remembers `key` in front of the others (replacing an older booking of the same form). */
export function rememberBookingCookie(cookieHeader: string | null | undefined, key: BookingKey, secure: boolean): string {
  const others = readBookingKeys(cookieHeader).filter((existing) => existing.formUuid !== key.formUuid && existing.bookingUuid !== key.bookingUuid);
  const kept = [key, ...others].slice(0, maximumBookingsPerBrowser);
  return cookie(
    bookingTokenCookieName,
    kept.map((entry) => `${entry.formUuid}:${entry.bookingUuid}:${entry.token}`).join(","),
    bookingCookieMaxAgeSeconds,
    secure,
  );
}

/** The cookie without a booking that is no longer in progress (submitted, expired). */
export function forgetBookingCookie(cookieHeader: string | null | undefined, bookingUuid: string, secure: boolean): string {
  const kept = readBookingKeys(cookieHeader).filter((existing) => existing.bookingUuid !== bookingUuid);
  if (!kept.length) return cookie(bookingTokenCookieName, "", 0, secure);
  return cookie(
    bookingTokenCookieName,
    kept.map((entry) => `${entry.formUuid}:${entry.bookingUuid}:${entry.token}`).join(","),
    bookingCookieMaxAgeSeconds,
    secure,
  );
}

export type FormPosition = { formUuid: string; page: number };

export function readFormPosition(cookieHeader: string | null | undefined): FormPosition | null {
  const value = readCookie(cookieHeader, formPositionCookieName);
  const [formUuid, page] = value?.split(":") ?? [];
  if (!formUuid || !uuidPattern.test(formUuid) || !page || !/^\d{1,2}$/.test(page)) return null;
  return { formUuid, page: Number(page) };
}

export function formPositionCookie(position: FormPosition, secure: boolean): string {
  return cookie(formPositionCookieName, `${position.formUuid}:${position.page}`, bookingCookieMaxAgeSeconds, secure);
}

/**
 * The waitlist offer a visitor arrived with (`/booking/{form}?offer=…`), kept per browser in an
 * httpOnly cookie so the token leaves the address bar and `/booking` resumes with it. One offer at a
 * time: a newer link replaces it. It lives only as long as the offer holds the places.
 */
export const waitlistOfferCookieName = "waitlist_offer";

export type WaitlistOfferKey = { formUuid: string; token: string };

export function readWaitlistOffer(cookieHeader: string | null | undefined, formUuid: string): string | null {
  const [cookieForm, token] = readCookie(cookieHeader, waitlistOfferCookieName)?.split(":") ?? [];
  return cookieForm === formUuid && token && tokenPattern.test(token) ? token : null;
}

export function waitlistOfferCookie(offer: WaitlistOfferKey, expiresAt: Date, now: Date, secure: boolean): string {
  const seconds = Math.max(1, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  return cookie(waitlistOfferCookieName, `${offer.formUuid}:${offer.token}`, seconds, secure);
}

export function forgetWaitlistOfferCookie(secure: boolean): string {
  return cookie(waitlistOfferCookieName, "", 0, secure);
}
