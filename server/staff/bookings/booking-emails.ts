import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { BookingEmail } from "../../../core/contracts/staff-actions";
import type { Queryable } from "../../db/client";
import { outboxEmails } from "../../db/schema";
import type { BookingRow } from "./staff-booking";

export type OutboxRow = typeof outboxEmails.$inferSelect;

/**
 * The outbox rows that belong to a booking: those written with its id, and the older ones (written
 * before mails named their booking) whose payload carries its code.
 */
export function bookingMailCondition(booking: Pick<BookingRow, "id" | "code">) {
  const byId = eq(outboxEmails.bookingId, booking.id);
  return booking.code ? or(byId, and(isNull(outboxEmails.bookingId), sql`${outboxEmails.payload}->>'code' = ${booking.code}`)) : byId;
}

export function bookingMails(tx: Queryable, booking: Pick<BookingRow, "id" | "code">): Promise<OutboxRow[]> {
  return tx.select().from(outboxEmails).where(bookingMailCondition(booking)).orderBy(asc(outboxEmails.createdAt), asc(outboxEmails.id));
}

export function emailAnswerOf(row: OutboxRow): BookingEmail {
  return {
    outbox_id: row.id,
    template: row.template,
    to: row.toAddress,
    locale: row.locale,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}
