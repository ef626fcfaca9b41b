import { jwtVerify, SignJWT } from "jose";

/** Spec §9: access tokens live 3600 s, refresh tokens 1209600 s (14 days). */
export const accessTokenSeconds = 3600;
export const refreshTokenSeconds = 1_209_600;

const issuer = "event-booking";
const audience = "event-booking";

export type AccessTokenClaims = { userId: string; role: "customer" | "staff" };

export function createAccessTokens(secret: string, now: () => Date = () => new Date()) {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims: AccessTokenClaims): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ role: claims.role })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(claims.userId)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + accessTokenSeconds)
        .sign(key);
    },
    /** The claims of a valid, unexpired token, or null. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { issuer, audience, algorithms: ["HS256"], currentDate: now() });
        if (typeof payload.sub !== "string" || (payload.role !== "customer" && payload.role !== "staff")) return null;
        return { userId: payload.sub, role: payload.role };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokens = ReturnType<typeof createAccessTokens>;
