import { asc, eq } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { StaffWaitlist } from "../../../core/contracts/staff-waitlist";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Queryable } from "../../db/client";
import { events, waitlistEntries } from "../../db/schema";
import { AppError } from "../../errors";

/** The order of the list: those waiting (in the order offers go out), then open offers, then the rest. */
const statusOrder = { waiting: 0, offered: 1, accepted: 2, expired: 3, cancelled: 4 } as const;

/** An event's waitlist for staff: every entry with its party, status, position and open offer. */
export async function readWaitlist(deps: { db: Queryable }, actor: Actor, input: { eventId: string; locale: Locale }): Promise<StaffWaitlist> {
  authorize(actor, "staff.waitlist.manage", null);
  const [event] = await deps.db.select().from(events).where(eq(events.id, input.eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
  const rows = await deps.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.eventId, event.id))
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
  let position = 0;
  const entries = rows
    .map((row) => ({
      uuid: row.id,
      name: row.name,
      email: row.email,
      party_size: row.partySize,
      locale: row.locale,
      status: row.status,
      position: row.status === "waiting" ? (position += 1) : null,
      offered_until: row.status === "offered" ? (row.offerExpiresAt?.toISOString() ?? null) : null,
      created_at: row.createdAt.toISOString(),
    }))
    .sort((a, b) => statusOrder[a.status] - statusOrder[b.status]);
  return {
    event: {
      uuid: event.id,
      title: pickLocale(event.title, input.locale),
      starts_on: event.startsOn,
      capacity: event.capacity,
      places_taken: event.placesTaken,
      free: Math.max(0, event.capacity - event.placesTaken),
    },
    entries,
  };
}
