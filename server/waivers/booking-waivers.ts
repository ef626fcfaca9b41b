import type { WaiverPerson } from "../../core/contracts/waivers";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import type { Queryable } from "../db/client";
import { openManageLink } from "../bookings/manage-access";
import { eq } from "drizzle-orm";
import { bookings } from "../db/schema";
import { waiverLinkPath } from "./waiver-links";
import { bookingPeopleWithSignatures, eventWaiverOf, waiverPersonOf } from "./waiver-records";

/** A booking's waivers: the text's title people sign (null: the event asks none) and each person's state. */
export type BookingWaivers = { title: string | null; version: number | null; people: WaiverPerson[] };

/**
 * The manage page's waivers (decision 080): each person of the booking with their state and, while
 * missing, their own sign link (in the page's language); nothing when the event asks no waiver and
 * nobody signed.
 */
export async function manageWaivers(deps: { db: Queryable; manageLinkSecret: string; now: () => Date }, caller: Actor, input: { token: string; locale: Locale }): Promise<BookingWaivers | null> {
  const { booking } = await openManageLink(deps, caller, { token: input.token });
  const waiver = await eventWaiverOf(deps.db, booking.eventId);
  const rows = await bookingPeopleWithSignatures(deps.db, booking.id);
  if (!waiver && rows.every((row) => !row.signature)) return null;
  const people = rows.map((row) =>
    waiverPersonOf(row, waiver?.personTypes ?? null, waiverLinkPath(deps.manageLinkSecret, { participantId: row.participant.id, generation: booking.manageLinkGeneration, locale: input.locale })),
  );
  return { title: waiver ? (waiver.version.title[input.locale] ?? waiver.version.title.en) : null, version: waiver?.version.version ?? null, people };
}

/** The back office's booking detail: every person's waiver state (no sign links: those are the customer's). */
export async function staffBookingWaivers(deps: { db: Queryable }, actor: Actor, input: { bookingId: string; locale: Locale }): Promise<BookingWaivers | null> {
  authorize(actor, "staff.waivers.manage", null);
  const [booking] = await deps.db.select({ id: bookings.id, eventId: bookings.eventId }).from(bookings).where(eq(bookings.id, input.bookingId)).limit(1);
  if (!booking) return null;
  const waiver = await eventWaiverOf(deps.db, booking.eventId);
  const rows = await bookingPeopleWithSignatures(deps.db, booking.id);
  if (!waiver && rows.every((row) => !row.signature)) return null;
  return {
    title: waiver ? (waiver.version.title[input.locale] ?? waiver.version.title.en) : null,
    version: waiver?.version.version ?? null,
    people: rows.map((row) => waiverPersonOf(row, waiver?.personTypes ?? null, null)),
  };
}
