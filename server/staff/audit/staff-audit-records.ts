import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { StaffAuditFilter } from "../../../core/contracts/staff-audit";
import { addDays, operatorDayStart } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import { staffAuditActionsByKind } from "../../../core/domain/staff-audit-entry";
import type { Queryable } from "../../db/client";
import { events, staffAuditLog, users } from "../../db/schema";
import type { StaffAuditAction } from "../../../core/domain/staff-audit-entry";

/**
 * The one writer of a staff audit row for verbs that are not handed the staff member's address (the
 * exports, the login): the address is read from the account in the same statement. In the caller's
 * transaction, or as its own one-statement transaction for a read-only verb (issue 31).
 */
export async function writeStaffAudit(
  db: Queryable,
  actor: Actor,
  input: { action: StaffAuditAction; details?: Record<string, unknown>; subjectUserId?: string | null; at: Date; actorEmail?: string },
): Promise<void> {
  const userId = actor.user?.userId ?? null;
  await db.insert(staffAuditLog).values({
    actorId: userId,
    actorEmail: input.actorEmail ?? (userId ? sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${userId}), '')` : "system"),
    action: input.action,
    subjectUserId: input.subjectUserId ?? null,
    details: input.details ?? {},
    at: input.at,
  });
}

/** The rows the filter keeps: one person, one kind's actions, operator days from and to (both included). */
export function staffAuditWhere(filter: StaffAuditFilter): SQL | undefined {
  return and(
    filter.person ? eq(staffAuditLog.actorId, filter.person) : undefined,
    filter.kind ? inArray(staffAuditLog.action, [...staffAuditActionsByKind[filter.kind]]) : undefined,
    filter.from ? gte(staffAuditLog.at, operatorDayStart(filter.from)) : undefined,
    filter.to ? lt(staffAuditLog.at, operatorDayStart(addDays(filter.to, 1))) : undefined,
  );
}

export type StaffAuditRecord = typeof staffAuditLog.$inferSelect & { subjectEmail: string | null };

/** A page of the filtered rows, newest first (ties by id), with the address of the account each is about. */
export async function readStaffAuditRows(db: Queryable, filter: StaffAuditFilter, page: { limit: number; offset: number }): Promise<StaffAuditRecord[]> {
  return db
    .select({
      id: staffAuditLog.id,
      actorId: staffAuditLog.actorId,
      actorEmail: staffAuditLog.actorEmail,
      action: staffAuditLog.action,
      subjectUserId: staffAuditLog.subjectUserId,
      details: staffAuditLog.details,
      at: staffAuditLog.at,
      subjectEmail: users.email,
    })
    .from(staffAuditLog)
    .leftJoin(users, eq(users.id, staffAuditLog.subjectUserId))
    .where(staffAuditWhere(filter))
    .orderBy(desc(staffAuditLog.at), desc(staffAuditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countStaffAuditRows(db: Queryable, filter: StaffAuditFilter): Promise<number> {
  const [row] = await db.select({ n: sql`count(*)`.mapWith(Number) }).from(staffAuditLog).where(staffAuditWhere(filter));
  return row?.n ?? 0;
}

/** Everyone who appears in the log as the one who acted (the person filter's choices), by their latest address. */
export async function staffAuditPeople(db: Queryable): Promise<{ id: string; email: string }[]> {
  const rows = await db
    .selectDistinct({ id: sql<string>`${staffAuditLog.actorId}`, email: users.email })
    .from(staffAuditLog)
    .innerJoin(users, eq(users.id, staffAuditLog.actorId))
    .where(isNotNull(staffAuditLog.actorId));
  return rows.sort((a, b) => a.email.localeCompare(b.email));
}

/** The titles of the events the rows name (`details.event`), in one query. */
export async function eventTitles(db: Queryable, rows: readonly StaffAuditRecord[]) {
  const ids = [
    ...new Set(rows.map((row) => row.details.event).filter((value): value is string => typeof value === "string" && /^[0-9a-f-]{36}$/i.test(value))),
  ];
  const found = ids.length ? await db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, ids)) : [];
  return new Map(found.map((row) => [row.id, row.title]));
}
