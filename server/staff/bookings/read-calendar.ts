import { and, gte, lte } from "drizzle-orm";
import type { StaffCalendar, StaffCalendarQuery } from "../../../core/contracts/staff-calendar";
import { calendarRange } from "../../../core/domain/calendar-range";
import { operatorToday } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database } from "../../db/client";
import { events } from "../../db/schema";
import { eventsWithPlaces } from "./event-places";

/**
 * The back office's calendar (issue 31, decision 078): the days of a month or week and every event on
 * them, archived ones too, with the dashboard's figures: `eventsWithPlaces` is the dashboard's own
 * counting, in one read-only snapshot. Staff only (what the dashboard shows).
 */
export async function readCalendar(deps: { db: Database; now: () => Date }, actor: Actor, input: { query: StaffCalendarQuery; locale: Locale }): Promise<StaffCalendar> {
  authorize(actor, "staff.dashboard.read", null);
  const today = operatorToday(deps.now());
  const range = calendarRange(input.query.view, input.query.date ?? today);
  const shown = await deps.db.transaction((tx) => eventsWithPlaces(tx, and(lte(events.startsOn, range.to), gte(events.endsOn, range.from)), input.locale), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
  return { view: range.view, today, anchor: range.anchor, from: range.from, to: range.to, previous: range.previous, next: range.next, events: shown };
}
