import { stringifySetCookie } from "cookie";
import type { TokenResponse, User } from "../../core/contracts/auth";
import { readCookie } from "../../core/i18n/locales";
import type { LiveSession } from "../accounts/authenticate-session";
import { deviceCookieSeconds } from "../auth/device-cookies";
import type { Accounts } from "../services/accounts";

/**
 * The web keeps the tokens in httpOnly, SameSite cookies: page scripts never see them. The access
 * cookie lives as long as the token (3600 s); the refresh cookie renews it for 14 days.
 */
export const accessCookieName = "session";
export const refreshCookieName = "session_refresh";
/** Names the account this browser logged in to (server/auth/device-cookies.ts); it outlives logout on purpose. */
export const deviceCookieName = "device";
/** Cleared at logout with the session (spec §4): the booking in progress and its form position. */
export const bookingCookieNames = ["booking_token", "form_position"] as const;

/**
 * Every cookie of the site (the `cookie` package writes it, the value URI-encoded): httpOnly,
 * SameSite=Lax, Secure over https, Path=/ and no Domain, so that the session cookies can carry the
 * `__Host-` prefix over https.
 */
export function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return stringifySetCookie(name, value, { path: "/", maxAge: maxAgeSeconds, httpOnly: true, sameSite: "lax", secure });
}

/**
 * Served over https: the request's URL says so once createApp has applied PUBLIC_URL and a trusted
 * proxy's X-Forwarded-Proto (decision 009). Cookies are then Secure.
 */
export const isSecure = (request: Request) => new URL(request.url).protocol === "https:";

/**
 * The session cookies' names. Over https they carry the `__Host-` prefix: the browser then keeps
 * them only if Secure, for this host alone, so a sibling subdomain cannot plant or overwrite a
 * session. Only the name of the request's scheme is read; plain http (127.0.0.1 in development and
 * tests) keeps the bare names, which browsers refuse with the prefix there.
 */
export function sessionCookieName(name: typeof accessCookieName | typeof refreshCookieName | typeof deviceCookieName, secure: boolean): string {
  return secure ? `__Host-${name}` : name;
}

export function sessionCookies(request: Request, tokens: TokenResponse): string[] {
  const secure = isSecure(request);
  return [
    cookie(sessionCookieName(accessCookieName, secure), tokens.access_token, tokens.expires_in, secure),
    cookie(sessionCookieName(refreshCookieName, secure), tokens.refresh_token, tokens.refresh_expires_in, secure),
  ];
}

export function clearedSessionCookies(request: Request): string[] {
  const secure = isSecure(request);
  const sessionNames = [sessionCookieName(accessCookieName, secure), sessionCookieName(refreshCookieName, secure)];
  return [...sessionNames, ...bookingCookieNames].map((name) => cookie(name, "", 0, secure));
}

export function refreshTokenOf(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), sessionCookieName(refreshCookieName, isSecure(request))) ?? undefined;
}

/** The access token of the web session's cookie (the API accepts it where a page's script calls it). */
export function accessTokenOf(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), sessionCookieName(accessCookieName, isSecure(request))) ?? undefined;
}

/** The signed device cookie a successful login leaves for a year, page or API alike. */
export function deviceCookie(request: Request, value: string): string {
  const secure = isSecure(request);
  return cookie(sessionCookieName(deviceCookieName, secure), value, deviceCookieSeconds, secure);
}

/** The device cookie's value as sent (browsers by cookie; API clients may send it too); unverified. */
export function deviceCookieOf(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), sessionCookieName(deviceCookieName, isSecure(request))) ?? undefined;
}

/**
 * Between a staff member's password and their second factor (decision 027): the login's challenge,
 * httpOnly like the session, for as long as the challenge lives; only the second-step page reads it.
 */
export const secondFactorCookieName = "second_factor";

export function secondFactorCookie(request: Request, challenge: string, seconds: number): string {
  return cookie(secondFactorCookieName, challenge, seconds, isSecure(request));
}

export function clearedSecondFactorCookie(request: Request): string {
  return cookie(secondFactorCookieName, "", 0, isSecure(request));
}

export function secondFactorChallengeOf(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), secondFactorCookieName) ?? undefined;
}

/**
 * The logged-in user of a page request. An expired access token is renewed with the refresh
 * token; the new cookies come back in `setCookies` for the answer. `liveSession` names the session
 * (for logout and the settings page).
 */
export type WebSession = { user: User | null; liveSession: LiveSession | null; setCookies: string[] };

/**
 * `clientAddress` and the user agent identify the browser: parallel tabs of it that all carry the
 * same spent refresh cookie get a session each instead of a theft alarm (docs/decisions/011).
 */
export async function readSession(request: Request, accounts: Accounts, clientAddress: string): Promise<WebSession> {
  const session = await accounts.authenticate(accessTokenOf(request));
  if (session) return { user: session.user, liveSession: session.liveSession, setCookies: [] };
  const refreshToken = refreshTokenOf(request);
  if (!refreshToken) return { user: null, liveSession: null, setCookies: [] };
  try {
    const tokens = await accounts.refresh(refreshToken, { address: clientAddress, userAgent: request.headers.get("user-agent") ?? "" });
    const renewed = await accounts.authenticate(tokens.access_token);
    return { user: renewed?.user ?? null, liveSession: renewed?.liveSession ?? null, setCookies: sessionCookies(request, tokens) };
  } catch {
    return { user: null, liveSession: null, setCookies: clearedSessionCookies(request).slice(0, 2) };
  }
}

/** Headers that set several cookies at once. */
export function withCookies(cookies: string[], init: HeadersInit = {}): Headers {
  const headers = new Headers(init);
  for (const value of cookies) headers.append("Set-Cookie", value);
  return headers;
}
