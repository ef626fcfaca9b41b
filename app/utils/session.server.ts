/** The web session helpers for loaders and actions (server only). */
export { clearedSessionCookies, isSecure, refreshTokenOf, sessionCookies, withCookies } from "../../server/http/web-session";
