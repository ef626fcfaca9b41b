import { jwtVerify, SignJWT } from "jose";
import { roles, type Role } from "../../core/domain/permissions";

/** Spec §9: access tokens live 3600 s, refresh tokens 1209600 s (14 days). */
export const accessTokenSeconds = 3600;
export const refreshTokenSeconds = 1_209_600;

const issuer = "event-booking";
const audience = "event-booking";

/**
 * `sessionId` is the refresh token family the access token was issued with: logout, a password change
 * or the profile's deletion end the family, and every request checks it still lives (docs/decisions/011).
 */
export type AccessTokenClaims = { userId: string; role: Role; sessionId: string; secondFactor: boolean };

export function createAccessTokens(secret: string, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessTokenClaims): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      // `mfa`: the session was opened with staff's second factor (decision 027).
      return new SignJWT({ role: claims.role, sid: claims.sessionId, mfa: claims.secondFactor })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + accessTokenSeconds)
        .sign(key);
    },
    /** The claims of a valid, unexpired token, or null. A token without `exp` or `sid` never lived here. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer,
          audience,
          algorithms: ["HS256"],
          currentDate: now(),
          requiredClaims: ["exp", "sub", "sid"],
        });
        const role = roles.find((candidate) => candidate === payload.role);
        if (typeof payload.sub !== "string" || typeof payload.sid !== "string" || !role) return null;
        return { userId: payload.sub, role, sessionId: payload.sid, secondFactor: payload.mfa === true };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
