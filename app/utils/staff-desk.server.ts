import type { RouterContextProvider } from "react-router";
import type { User } from "../../core/contracts/auth";
import { can, type Actor } from "../../core/domain/permissions";
import { formatDate } from "../../core/domain/dates";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { actorOfSession } from "../../server/http/web-session-actor";
import { webContext, type WebContext } from "../../server/load-context";
import { forbidden } from "./http-errors.server";
import { pageLocale, toLogin } from "./auth.server";

export type StaffDesk = { actor: Actor; user: User };

/**
 * Every back-office loader and action asks this first (decision 027): anonymous visitors log in and
 * come back to `url` (the loader's normalized one, never a `.data` request's own, decision 063);
 * anyone else without staff powers (a customer, a staff session without the second factor) gets
 * the 403 page. The actor it answers is what the staff services are called with.
 */
export async function requireStaffDesk(url: URL, web: WebContext): Promise<StaffDesk> {
  const session = await web.session();
  if (!session.user) throw toLogin(url);
  const actor = actorOfSession(session);
  if (!can(actor, "staff.desk", null)) forbidden();
  return { actor, user: session.user };
}

/**
 * How a back-office loader or action starts: the request's web context, `requireStaffDesk` (login
 * or 403 first) and the page's language.
 */
export async function openStaffDesk(url: URL, context: Readonly<RouterContextProvider>): Promise<StaffDesk & { web: WebContext; locale: Locale }> {
  const web = context.get(webContext);
  const desk = await requireStaffDesk(url, web);
  return { ...desk, web, locale: pageLocale(url) };
}

/**
 * The event filter's choices of a back-office list (bookings, invoices): title and start date in the
 * reader's language; an archived event marked as such, so that it and the copy that replaced it do
 * not read as one event listed twice (issue 32).
 */
export async function eventFilterChoices(web: WebContext, actor: Actor, locale: Locale): Promise<{ value: string; label: string }[]> {
  const t = translatorFor(locale);
  const events = await web.services.staffBookings.eventChoices(actor, { locale });
  return events.map((event) => {
    const date = formatDate(event.starts_on, locale);
    return { value: event.uuid, label: event.archived ? t("admin.bookings.archivedEvent", { title: event.title, date }) : `${event.title} (${date})` };
  });
}
