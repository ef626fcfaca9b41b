import { and, asc, eq, exists, inArray, isNotNull, isNull } from "drizzle-orm";
import type { EventMessageBody } from "../../../core/contracts/event-messages";
import { eventMessageStatuses, paymentStatesOfFilter, type EventMessagePaymentFilter } from "../../../core/domain/event-message-audience";
import type { Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { bookings, eventDayResources, events, participants, resourceReservations, sites } from "../../db/schema";
import type { EmailToSend } from "../../deps/enqueue-email";
import { AppError } from "../../errors";
import { customerOf, type BookingRow, type StaffActionDeps } from "./staff-booking";

/**
 * What the message-to-an-event verbs share (issue 31): the bookings a filter reaches, in booking order,
 * and the `staff-message` mail (templates/staff-message.tsx) one of them gets in its own language.
 */
export async function eventMessageRecipients(
  db: Queryable,
  eventId: string,
  filter: { payment: EventMessagePaymentFilter; day?: number | undefined; vehicle?: string | undefined },
): Promise<BookingRow[]> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
  const states = paymentStatesOfFilter(filter.payment);
  // A day, a vehicle, or a vehicle on a day: one held reservation of the booking must match all that is asked.
  const reserved =
    filter.day === undefined && filter.vehicle === undefined
      ? undefined
      : exists(
          db
            .select({ one: resourceReservations.id })
            .from(resourceReservations)
            .innerJoin(eventDayResources, eq(eventDayResources.id, resourceReservations.resourceId))
            .where(
              and(
                eq(resourceReservations.bookingId, bookings.id),
                isNull(resourceReservations.releasedAt),
                filter.day === undefined ? undefined : eq(eventDayResources.day, filter.day),
                filter.vehicle === undefined ? undefined : and(eq(eventDayResources.kind, "vehicle"), eq(eventDayResources.key, filter.vehicle)),
              ),
            ),
        );
  const rows = await db
    .select({ booking: bookings })
    .from(bookings)
    // Only bookings whose main participant has an address: a message nobody receives is not counted as sent.
    .innerJoin(participants, and(eq(participants.bookingId, bookings.id), eq(participants.role, "main"), isNotNull(participants.email)))
    .where(
      and(
        eq(bookings.eventId, eventId),
        inArray(bookings.status, [...eventMessageStatuses]),
        states ? inArray(bookings.paymentState, [...states]) : undefined,
        reserved,
      ),
    )
    .orderBy(asc(bookings.submittedAt), asc(bookings.id));
  return rows.map((row) => row.booking);
}

/** The operator's support address from the site settings: a reply to the message goes there (its Reply-To). */
export async function operatorReplyTo(db: Queryable): Promise<string | undefined> {
  const [site] = await db.select({ supportEmail: sites.supportEmail }).from(sites).orderBy(asc(sites.id)).limit(1);
  return site?.supportEmail.trim() || undefined;
}

/** The mail one booking gets: the message's subject and text in the booking's language, replies to `replyTo`. */
export async function eventMessageMailOf(
  db: Queryable,
  deps: Pick<StaffActionDeps, "publicOrigin" | "manageLinkSecret">,
  booking: BookingRow,
  message: Pick<EventMessageBody, "subject" | "body">,
  replyTo: string | undefined,
): Promise<(EmailToSend & { template: "staff-message"; locale: Locale }) | null> {
  const customer = await customerOf(db, deps, booking);
  if (!customer) return null;
  const locale = booking.locale;
  return {
    template: "staff-message",
    locale,
    to: customer.email,
    bookingId: booking.id,
    payload: {
      name: customer.name,
      code: customer.code,
      eventTitle: customer.eventTitle,
      subject: message.subject[locale],
      body: message.body[locale],
      manageUrl: customer.manageUrl,
      ...(replyTo ? { replyTo } : {}),
    },
  };
}
