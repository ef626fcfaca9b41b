import { publicCalendarQuerySchema } from "../../../core/contracts/public-calendar";
import { monthAgenda, monthTitle, openingMonth } from "../../../core/domain/calendar-range";
import { operatorToday } from "../../../core/domain/dates";
import { defaultLocale, localeFromPath, localizePath } from "../../../core/i18n/locales";
import { toEventView } from "../../utils/event-view";
import { badRequest } from "../../utils/http-errors.server";
import { webContext } from "../../../server/load-context";
import type { Route } from "./+types/calendar";

/**
 * `/calendar` (+ /de): the published events by month (issue 31), from the event list's own cached read.
 * `?month=2026-12` picks a month; without it the page opens on today's month, or on the next month with
 * an event when nothing is on any more this month. A month that is not one is the 400 page.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = localeFromPath(url.pathname) ?? defaultLocale;
  const parsed = publicCalendarQuerySchema.safeParse({ month: url.searchParams.get("month") ?? undefined });
  if (!parsed.success) badRequest();
  const events = await web.services.listPublicEvents(locale, undefined);
  const month = parsed.data.month ?? openingMonth(events, operatorToday(web.services.now()));
  const agenda = monthAgenda(events, month);
  const at = (target: string) => `${localizePath("/calendar", locale)}?month=${target}`;
  return {
    locale,
    title: monthTitle(month, locale),
    events: agenda.events.map((event) => toEventView(event, locale)),
    links: { previous: at(agenda.previous), next: at(agenda.next), previousTitle: monthTitle(agenda.previous, locale), nextTitle: monthTitle(agenda.next, locale) },
  };
}
