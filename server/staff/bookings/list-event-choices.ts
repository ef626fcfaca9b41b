import { asc, desc, sql } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { events } from "../../db/schema";

export type EventChoice = { uuid: string; title: string; starts_on: string; archived: boolean };

/**
 * The events the bookings list can be filtered by: every event, published or not, past ones too
 * (a booking of last season is still looked up), newest first; archived ones after the rest, marked,
 * so that an archived event and the copy that replaced it do not read as one listed twice (issue 32).
 * Staff only, like the list itself.
 */
export async function listEventChoices(deps: { db: Queryable }, actor: Actor, input: { locale: Locale }): Promise<EventChoice[]> {
  authorize(actor, "staff.bookings.read", null);
  const rows = await deps.db
    .select({ id: events.id, title: events.title, startsOn: events.startsOn, archivedAt: events.archivedAt })
    .from(events)
    .orderBy(asc(sql`${events.archivedAt} is not null`), desc(events.startsOn), desc(events.createdAt));
  return rows.map((row) => ({ uuid: row.id, title: pickLocale(row.title, input.locale), starts_on: row.startsOn, archived: row.archivedAt !== null }));
}
