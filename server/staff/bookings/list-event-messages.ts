import { and, desc, eq, sql } from "drizzle-orm";
import type { EventMessageHistory } from "../../../core/contracts/event-messages";
import { eventMessagePaymentFilters, type EventMessagePaymentFilter } from "../../../core/domain/event-message-audience";
import type { Actor } from "../../../core/domain/permissions";
import { authorize } from "../../auth/authorize";
import { events, staffAuditLog } from "../../db/schema";
import { AppError } from "../../errors";
import type { StaffActionDeps } from "./staff-booking";

const isPaymentFilter = (value: unknown): value is EventMessagePaymentFilter => (eventMessagePaymentFilters as readonly unknown[]).includes(value);
const texts = (value: unknown): Record<string, string> =>
  typeof value === "object" && value !== null ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string")) : {};

/** `GET api/staff/events/{uuid}/messages` (issue 31): the event's title and its sent messages, newest first, from the staff audit log. */
export async function listEventMessages(deps: Pick<StaffActionDeps, "db">, actor: Actor, input: { eventId: string }): Promise<EventMessageHistory> {
  authorize(actor, "staff.events.send-message", null);
  const [event] = await deps.db.select({ title: events.title }).from(events).where(eq(events.id, input.eventId)).limit(1);
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
    count: typeof row.details.count === "number" ? row.details.count : 0,
    subject: texts(row.details.subject),
  }));
  return { uuid: input.eventId, title: texts(event.title), messages };
}
