import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { EventMessageHistory } from "../../../core/contracts/event-messages";
import { eventMessagePaymentFilters, type EventMessagePaymentFilter } from "../../../core/domain/event-message-audience";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { addDays } from "../../../core/domain/dates";
import { eventDayResources, eventPrices, events, staffAuditLog } from "../../db/schema";
import { AppError } from "../../errors";
import type { StaffActionDeps } from "./staff-booking";

const isPaymentFilter = (value: unknown): value is EventMessagePaymentFilter => (eventMessagePaymentFilters as readonly unknown[]).includes(value);
const texts = (value: unknown): Record<string, string> =>
  typeof value === "object" && value !== null
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"))
    : {};

/**
 * `GET api/staff/events/{uuid}/messages` (issue 31): the event's title, its sent messages, newest first,
 * from the staff audit log, and what the day and vehicle filters offer (its days, its vehicles).
 */
export async function listEventMessages(deps: Pick<StaffActionDeps, "db">, actor: Actor, input: { eventId: string }): Promise<EventMessageHistory> {
  authorize(actor, "staff.events.send-message", null);
  const [event] = await deps.db
    .select({ title: events.title, startsOn: events.startsOn, endsOn: events.endsOn })
    .from(events)
    .where(eq(events.id, input.eventId))
    .limit(1);
  if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
  const rows = await deps.db
    .select()
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.action, "event_message_sent"), sql`${staffAuditLog.details}->>'event' = ${input.eventId}`))
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .limit(200);
  const messages = rows.map((row) => ({
    at: row.at.toISOString(),
    by: row.actorEmail,
    payment: isPaymentFilter(row.details.payment) ? row.details.payment : "all",
    day: typeof row.details.day === "number" ? row.details.day : null,
    vehicle: typeof row.details.vehicle === "string" ? row.details.vehicle : null,
    count: typeof row.details.count === "number" ? row.details.count : 0,
    subject: texts(row.details.subject),
  }));
  const days: { day: number; date: string }[] = [];
  for (let day = 1; addDays(event.startsOn, day - 1) <= event.endsOn; day++) days.push({ day, date: addDays(event.startsOn, day - 1) });
  const vehicleKeys = await deps.db
    .selectDistinct({ key: eventDayResources.key })
    .from(eventDayResources)
    .where(and(eq(eventDayResources.eventId, input.eventId), eq(eventDayResources.kind, "vehicle")))
    .orderBy(asc(eventDayResources.key));
  const labels = new Map(
    (await deps.db.select({ key: eventPrices.key, label: eventPrices.label }).from(eventPrices).where(eq(eventPrices.eventId, input.eventId))).map((price) => [
      price.key,
      texts(price.label),
    ]),
  );
  const vehicles = vehicleKeys.map(({ key }) => ({ key, label: labels.get(key) ?? { en: key } }));
  return { uuid: input.eventId, title: texts(event.title), messages, days, vehicles };
}
