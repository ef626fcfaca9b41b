import { redirect } from "react-router";
import type { User } from "../../core/contracts/auth";
import { isLocalPath } from "../../core/domain/local-path";
import { defaultLocale, localeFromPath, localizePath, type Locale } from "../../core/i18n/locales";
import type { AccessTokenClaims } from "../../server/auth/access-tokens";
import type { WebContext } from "../../server/load-context";

export function pageLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname) ?? defaultLocale;
}

/** Guest-only pages (login, register) send a logged-in user home (spec §6). */
export async function requireGuest(request: Request, context: WebContext): Promise<void> {
  const { user } = await context.session();
  if (user) throw redirect(localizePath("/", pageLocale(request)));
}

/** Account pages need a login; afterwards the visitor comes back here. */
export async function requireUser(request: Request, context: WebContext): Promise<User> {
  const { user } = await context.session();
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`${localizePath("/login", pageLocale(request))}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The logged-in user's session, as the account services want it (after `requireUser`). */
export async function sessionActor(request: Request, context: WebContext): Promise<AccessTokenClaims> {
  const { claims } = await context.session();
  if (claims) return claims;
  await requireUser(request, context);
  throw new Error("a logged-in user without session claims");
}

/** Only paths of this site may be a redirect target after login. */
export function safeRedirectTarget(value: FormDataEntryValue | string | null, fallback: string): string {
  return isLocalPath(value) ? value : fallback;
}
