import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { statusesOfFilter, type ParticipantFilter } from "../../../core/domain/booking-status";
import type { Queryable } from "../../db/client";
import { bookings, eventDayResources, participants, resourceReservations, uploads } from "../../db/schema";
import { toUploadView } from "../../uploads/store-upload";
import type { ExportBooking } from "./participant-export-rows";

/** Bookings read per query: the memory an export holds at once, whatever the event's size. */
export const exportBatchSize = 200;

/**
 * The event's submitted bookings the filter names (decision 029: by default those that hold places and
 * are going; never a draft) in submission order, batch by batch (keyset
 * pagination on submission time and id: no OFFSET, so batch 500 costs what batch 1 does). The
 * cursor's time travels as PostgreSQL's own text, never through a JS Date, which would cut its
 * microseconds and skip or repeat a booking submitted in the same millisecond.
 */
export async function* exportBookingBatches(
  db: Queryable,
  eventId: string,
  options: { filter?: ParticipantFilter; batchSize?: number } = {},
): AsyncGenerator<ExportBooking[]> {
  const { filter = "active", batchSize = exportBatchSize } = options;
  let cursor: { submittedAt: string; id: string } | null = null;
  for (;;) {
    const after: ReturnType<typeof sql> | undefined = cursor
      ? sql`(${bookings.submittedAt}, ${bookings.id}) > (${cursor.submittedAt}::timestamptz, ${cursor.id}::uuid)`
      : undefined;
    const rows: (BookingRow & { submittedAt: string })[] = await db
      .select({
        id: bookings.id,
        code: bookings.code,
        status: bookings.status,
        // What the booking owes in its state, as core/domain/booking-account.ts `owedBy` says it (decision 067).
        totalCents: sql<number>`case when ${bookings.status} = 'cancelled' then least(coalesce(${bookings.cancellationFeeCents}, 0), ${bookings.totalCents})
          when ${bookings.status} in ('rejected', 'expired') then 0 else greatest(${bookings.totalCents} - ${bookings.creditedCents}, 0) end`.mapWith(Number),
        paidCents: bookings.paidCents,
        answers: bookings.answers,
        formVersionId: bookings.formVersionId,
        submittedAt: sql<string>`${bookings.submittedAt}::text`,
      })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, [...statusesOfFilter(filter)]), sql`${bookings.submittedAt} IS NOT NULL`, after))
      .orderBy(asc(bookings.submittedAt), asc(bookings.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield await withPeopleAndResources(db, rows);
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    cursor = { submittedAt: last.submittedAt, id: last.id };
  }
}

export type BookingRow = Pick<ExportBooking, "status" | "totalCents" | "paidCents" | "answers" | "formVersionId"> & { id: string; code: string | null };

/** A batch's people, held resources and files, three queries for the whole batch (also decision 033's selection export). */
export async function withPeopleAndResources(db: Queryable, rows: BookingRow[]): Promise<ExportBooking[]> {
  const ids = rows.map((row) => row.id);
  const people = await db
    .select({
      id: participants.id,
      bookingId: participants.bookingId,
      role: participants.role,
      companionType: participants.companionType,
      salutation: participants.salutation,
      forename: participants.forename,
      surname: participants.surname,
      email: participants.email,
      phone: participants.phone,
      answers: participants.answers,
    })
    .from(participants)
    .where(inArray(participants.bookingId, ids))
    .orderBy(asc(participants.bookingId), asc(participants.position));
  const reserved = await db
    .select({
      bookingId: resourceReservations.bookingId,
      participantId: resourceReservations.participantId,
      day: eventDayResources.day,
      key: eventDayResources.key,
      quantity: resourceReservations.quantity,
    })
    .from(resourceReservations)
    .innerJoin(eventDayResources, eq(eventDayResources.id, resourceReservations.resourceId))
    .where(and(inArray(resourceReservations.bookingId, ids), isNull(resourceReservations.releasedAt)))
    // Cars first, then instructor, pit box, support (the enum's order), as the booking pages list them.
    .orderBy(asc(eventDayResources.kind), asc(eventDayResources.key));
  const files = await db.select().from(uploads).where(inArray(uploads.bookingId, ids));
  return rows.map((row) => ({
    code: row.code ?? "",
    status: row.status,
    totalCents: row.totalCents,
    paidCents: row.paidCents,
    answers: row.answers,
    formVersionId: row.formVersionId ?? null,
    people: people.filter((person) => person.bookingId === row.id),
    reservations: reserved.filter((reservation) => reservation.bookingId === row.id),
    uploads: files.filter((file) => file.bookingId === row.id).map(toUploadView),
  }));
}
