import { redirect } from "react-router";
import type { User } from "../../core/contracts/auth";
import { isLocalPath } from "../../core/domain/local-path";
import { defaultLocale, localeFromPath, localizePath, type Locale } from "../../core/i18n/locales";
import type { LiveSession } from "../../server/accounts/authenticate-session";
import type { WebContext } from "../../server/load-context";

/**
 * The page's language from its path. Takes the loader's or action's normalized `url`, not
 * `request.url`: with future.v8_passThroughRequests a client navigation's request is
 * `/de/events.data?_routes=…`, and the root's is `/_root.data` (decision 063).
 */
export function pageLocale(url: URL): Locale {
  return localeFromPath(url.pathname) ?? defaultLocale;
}

/** Guest-only pages (login, register) send a logged-in user home (spec §6). */
export async function requireGuest(url: URL, context: WebContext): Promise<void> {
  const { user } = await context.session();
  if (user) throw redirect(localizePath("/", pageLocale(url)));
}

/** Account pages need a login; afterwards the visitor comes back here. */
export async function requireUser(url: URL, context: WebContext): Promise<User> {
  const { user } = await context.session();
  if (user) return user;
  throw toLogin(url);
}

/** The login page in the page's language, coming back to `url` afterwards. */
export function toLogin(url: URL): Response {
  return redirect(`${localizePath("/login", pageLocale(url))}?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** The logged-in user's session, as the account services want it (after `requireUser`). */
export async function sessionActor(url: URL, context: WebContext): Promise<LiveSession> {
  const { liveSession } = await context.session();
  if (liveSession) return liveSession;
  await requireUser(url, context);
  throw new Error("a logged-in user without a live session");
}

/** Only paths of this site may be a redirect target after login. */
export function safeRedirectTarget(value: FormDataEntryValue | string | null, fallback: string): string {
  return isLocalPath(value) ? value : fallback;
}
