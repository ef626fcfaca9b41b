/** The web session helpers for loaders and actions (server only). */
export {
  accessTokenOf,
  clearedSecondFactorCookie,
  clearedSessionCookies,
  secondFactorChallengeOf,
  secondFactorCookie,
  deviceCookie,
  deviceCookieOf,
  isSecure,
  refreshTokenOf,
  sessionCookies,
  withCookies,
} from "../../server/http/web-session";
export { assertSameOriginAction } from "../../server/http/origin-check";
