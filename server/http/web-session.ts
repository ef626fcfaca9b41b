import type { TokenResponse, User } from "../../core/contracts/auth";
import { readCookie } from "../../core/i18n/locales";
import type { AccessTokenClaims } from "../auth/access-tokens";
import type { Accounts } from "../services/accounts";

/**
 * The web keeps the tokens in httpOnly, SameSite cookies: page scripts never see them. The access
 * cookie lives as long as the token (3600 s); the refresh cookie renews it for 14 days.
 */
export const accessCookieName = "session";
export const refreshCookieName = "session_refresh";
/** Cleared at logout with the session (spec §4): the booking in progress and its form position. */
export const bookingCookieNames = ["booking_token", "form_position"] as const;

export function cookie(name: string, value: string, maxAgeSeconds: number, secure: boolean): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export const isSecure = (request: Request) => new URL(request.url).protocol === "https:";

export function sessionCookies(request: Request, tokens: TokenResponse): string[] {
  const secure = isSecure(request);
  return [
    cookie(accessCookieName, tokens.access_token, tokens.expires_in, secure),
    cookie(refreshCookieName, tokens.refresh_token, tokens.refresh_expires_in, secure),
  ];
}

export function clearedSessionCookies(request: Request): string[] {
  const secure = isSecure(request);
  return [accessCookieName, refreshCookieName, ...bookingCookieNames].map((name) => cookie(name, "", 0, secure));
}

export function refreshTokenOf(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), refreshCookieName) ?? undefined;
}

/**
 * The logged-in user of a page request. An expired access token is renewed with the refresh
 * token; the new cookies come back in `setCookies` for the answer. `claims` name the session
 * (for logout and the settings page).
 */
export type WebSession = { user: User | null; claims: AccessTokenClaims | null; setCookies: string[] };

export function accessTokenOf(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), accessCookieName) ?? undefined;
}

/**
 * `clientAddress` and the user agent identify the browser: parallel tabs of it that all carry the
 * same spent refresh cookie get a session each instead of a theft alarm (docs/decisions/011).
 */
export async function readSession(request: Request, accounts: Accounts, clientAddress: string): Promise<WebSession> {
  const cookieHeader = request.headers.get("cookie");
  const session = await accounts.authenticate(readCookie(cookieHeader, accessCookieName));
  if (session) return { user: session.user, claims: session.claims, setCookies: [] };
  const refreshToken = readCookie(cookieHeader, refreshCookieName);
  if (!refreshToken) return { user: null, claims: null, setCookies: [] };
  try {
    const tokens = await accounts.refresh(refreshToken, { address: clientAddress, userAgent: request.headers.get("user-agent") ?? "" });
    const renewed = await accounts.authenticate(tokens.access_token);
    return { user: renewed?.user ?? null, claims: renewed?.claims ?? null, setCookies: sessionCookies(request, tokens) };
  } catch {
    return { user: null, claims: null, setCookies: clearedSessionCookies(request).slice(0, 2) };
  }
}

/** Headers that set several cookies at once. */
export function withCookies(cookies: string[], init: HeadersInit = {}): Headers {
  const headers = new Headers(init);
  for (const value of cookies) headers.append("Set-Cookie", value);
  return headers;
}
