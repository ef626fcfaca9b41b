import { eq } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { Database, Queryable } from "../../db/client";
import { bookingEvents, bookings, events } from "../../db/schema";
import type { EmailToSend } from "../../deps/enqueue-email";
import { AppError } from "../../errors";
import { addresseeNameOf, mainParticipantOf } from "../../bookings/main-participant";
import { manageLinkUrl } from "../../bookings/manage-links";
import type { PaymentProviders } from "../../deps/payment-provider";

/**
 * What the back office's booking verbs share (issue 13, docs/decisions/030): their deps, the staff
 * member every audit row names, the locked booking, the customer a mail goes to, and the audit row of
 * an action that changes no status.
 */
export type StaffActionDeps = {
  db: Database;
  now: () => Date;
  /** The enabled card providers (refunds go through the one that took the payment; decision 071). */
  providers: PaymentProviders;
  publicOrigin: string;
  manageLinkSecret: string;
  enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown>;
  /** How long an edit's mail to the customer waits for further edits to join it (booking-edit-support.ts); at once when left out. */
  editMailDelayMs?: number;
};

/** Who did it, as the audit trail names them. */
export type StaffMember = { id: string; email: string };

export type BookingRow = typeof bookings.$inferSelect;

/** The booking's row, locked for the rest of the transaction (staff actions on one booking take turns); 404 otherwise. */
export async function lockBooking(tx: Queryable, bookingId: string): Promise<BookingRow> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update").limit(1);
  // A draft is the customer's unfinished form, not a booking the desk acts on.
  if (!booking || booking.status === "draft") throw new AppError("NOT_FOUND", "bookingNotFound");
  return booking;
}

/** The main participant a booking's mails go to, with what every booking mail shows; null without an address. */
export async function customerOf(tx: Queryable, deps: Pick<StaffActionDeps, "publicOrigin" | "manageLinkSecret">, booking: BookingRow) {
  const main = await mainParticipantOf(tx, booking.id);
  const [event] = await tx.select({ title: events.title }).from(events).where(eq(events.id, booking.eventId)).limit(1);
  if (!main?.email || !event) return null;
  return {
    email: main.email,
    name: addresseeNameOf(main, booking.locale),
    code: booking.code ?? booking.id.slice(0, 8),
    eventTitle: pickLocale(event.title, booking.locale),
    manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
  };
}

/** The details every staff audit row carries: who did it. */
export function staffDetails(staff: StaffMember) {
  return { staffId: staff.id, staffEmail: staff.email };
}

/** The audit row of a staff action that leaves the booking's status as it is (a mail sent again, a message). */
export async function recordStaffAction(
  tx: Queryable,
  input: { booking: BookingRow; staff: StaffMember; action: string; cause: string; details?: Record<string, unknown>; now: Date },
): Promise<void> {
  await tx.insert(bookingEvents).values({
    bookingId: input.booking.id,
    fromStatus: input.booking.status,
    toStatus: input.booking.status,
    cause: input.cause,
    details: { action: input.action, ...staffDetails(input.staff), ...input.details },
    at: input.now,
  });
}

/** The outbox id `enqueueMail` answers (server/deps/enqueue-email.ts), when it answers one. */
export function queuedMailId(queued: unknown): string | null {
  if (typeof queued === "object" && queued !== null && "id" in queued && typeof queued.id === "string") return queued.id;
  return null;
}
