import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { StaffEventRow, StaffEventView } from "../../../core/contracts/staff-catalogue";
import { operatorToday } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { eventCategoryTranslations, eventPrices, events } from "../../db/schema";
import { eventTextFields, type CatalogueDeps } from "./catalogue-records";

/**
 * The back office's events (decision 034): upcoming (not ended yet, soonest first), past (latest first)
 * or archived, of every category or one; each with its published state and what is still to translate.
 */
export async function listStaffEvents(
  deps: CatalogueDeps,
  actor: Actor,
  input: { view: StaffEventView; locale: Locale; categoryId?: number | undefined },
): Promise<StaffEventRow[]> {
  authorize(actor, "staff.catalogue.read", null);
  const today = operatorToday(deps.now());
  const where = {
    upcoming: and(isNull(events.archivedAt), gte(events.endsOn, today)),
    past: and(isNull(events.archivedAt), lt(events.endsOn, today)),
    archived: isNotNull(events.archivedAt),
  }[input.view];
  const order = input.view === "upcoming" ? [asc(events.startsOn), asc(events.id)] : [desc(events.startsOn), asc(events.id)];
  const rows = await deps.db
    .select()
    .from(events)
    .where(input.categoryId === undefined ? where : and(where, eq(events.categoryId, input.categoryId)))
    .orderBy(...order);
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [prices, categoryNames] = await Promise.all([
    deps.db
      .select({ eventId: eventPrices.eventId, kind: eventPrices.kind, key: eventPrices.key, label: eventPrices.label })
      .from(eventPrices)
      .where(inArray(eventPrices.eventId, ids)),
    deps.db
      .select()
      .from(eventCategoryTranslations)
      .where(inArray(eventCategoryTranslations.categoryId, [...new Set(rows.map((row) => row.categoryId))])),
  ]);
  const nameOf = (categoryId: number) =>
    (categoryNames.find((row) => row.categoryId === categoryId && row.locale === input.locale) ?? categoryNames.find((row) => row.categoryId === categoryId))
      ?.name ?? "";
  return rows.map((row) => ({
    uuid: row.id,
    title: pickLocale(row.title, input.locale),
    category_id: row.categoryId,
    category: nameOf(row.categoryId),
    starts_on: row.startsOn,
    ends_on: row.endsOn,
    capacity: row.capacity,
    places_taken: row.placesTaken,
    published: row.published,
    archived: row.archivedAt !== null,
    missing_translations: eventTextFields(
      row,
      prices.filter((price) => price.eventId === row.id),
    ),
  }));
}
