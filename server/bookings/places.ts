import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { Queryable } from "../db/client";
import { preparedPerDatabase } from "../db/prepared-statements";
import { eventDayResources, events } from "../db/schema";

/**
 * Places and per-day resources are counters changed by one conditional UPDATE each. On PostgreSQL a
 * second transaction updating the same row waits for the first to commit and then re-checks the
 * condition against the new count, so two buyers can never both get the last place. The CHECK
 * constraints of the schema are the last line of defence.
 */
export async function holdPlaces(tx: Queryable, eventId: string, places: number): Promise<boolean> {
  const rows = await preparedHoldPlaces(tx).execute({ eventId, places });
  return rows.length === 1;
}

/** Every submission's last statement: built once, a named prepared statement (decision 065). */
const preparedHoldPlaces = preparedPerDatabase((db) => {
  const places = sql`${sql.placeholder("places")}::integer`;
  return db
    .update(events)
    .set({ placesTaken: sql`${events.placesTaken} + ${places}` })
    .where(and(eq(events.id, sql.placeholder("eventId")), sql`${events.placesTaken} + ${places} <= ${events.capacity}`))
    .returning({ id: events.id })
    .prepare("hold_places");
});

export async function releasePlaces(tx: Queryable, eventId: string, places: number): Promise<void> {
  await tx
    .update(events)
    .set({ placesTaken: sql`greatest(${events.placesTaken} - ${places}, 0)` })
    .where(eq(events.id, eventId));
}

/** Takes `quantity` of a per-day resource when its stock allows (own cars have no stock limit). */
export async function reserveResource(tx: Queryable, resourceId: string, quantity: number): Promise<boolean> {
  const rows = await tx
    .update(eventDayResources)
    .set({ used: sql`${eventDayResources.used} + ${quantity}` })
    .where(
      and(
        eq(eventDayResources.id, resourceId),
        or(isNull(eventDayResources.stock), sql`${eventDayResources.used} + ${quantity} <= ${eventDayResources.stock}`),
      ),
    )
    .returning({ id: eventDayResources.id });
  return rows.length === 1;
}

/** Gives a resource back; the counter never goes below 0. */
export async function releaseResource(tx: Queryable, resourceId: string, quantity: number): Promise<void> {
  await tx
    .update(eventDayResources)
    .set({ used: sql`greatest(${eventDayResources.used} - ${quantity}, 0)` })
    .where(eq(eventDayResources.id, resourceId));
}
