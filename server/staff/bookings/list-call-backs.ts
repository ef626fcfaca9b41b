import { and, asc, count, eq, inArray } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { CallAttempt, CallBack } from "../../../core/contracts/staff-call-backs";
import { companionTypes, type CompanionType } from "../../../core/domain/booking-choices";
import type { Actor } from "../../../core/domain/permissions";
import { telNumberOf } from "../../../core/domain/tel-links";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import type { Database, Queryable } from "../../db/client";
import { definitionItems, latestFormVersion } from "../../db/form-versions";
import { bookings, callBackAttempts, events, formVersions, participants } from "../../db/schema";
import { displayNameOf } from "../../bookings/main-participant";

/** The form items the queue reads: the phone item (its default country reads national numbers) and the payment choice. */
const phoneItemName = "main.phone";
const paymentChoiceItemName = "payment_option";

/**
 * The call-back queue (issue 13; decision 031): every SMA request staff have not decided yet, the
 * oldest first, with the main participant's phone (as typed, and in E.164 for a `tel:` link), the
 * booking's summary and the call attempts so far. A fixed number of queries, whatever the queue's length.
 */
export async function listCallBacks(deps: { db: Database }, actor: Actor, input: { locale: Locale }): Promise<CallBack[]> {
  authorize(actor, "staff.call-backs.read", null);
  const db = deps.db;
  const rows = await db
    .select({ booking: bookings, event: { id: events.id, title: events.title, startsOn: events.startsOn } })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.status, "in_review"), eq(bookings.smaStatus, "requested")))
    .orderBy(asc(bookings.submittedAt), asc(bookings.id));
  if (rows.length === 0) return [];
  const bookingIds = rows.map((row) => row.booking.id);
  const [mains, companions, attempts, items] = [
    await db
      .select()
      .from(participants)
      .where(and(inArray(participants.bookingId, bookingIds), eq(participants.role, "main"))),
    await db
      .select({ bookingId: participants.bookingId, type: participants.companionType, count: count() })
      .from(participants)
      .where(and(inArray(participants.bookingId, bookingIds), eq(participants.role, "companion")))
      .groupBy(participants.bookingId, participants.companionType),
    await attemptsOf(db, bookingIds),
    // The form versions the bookings were made on (decision 036), each read once.
    await versionItemsOf(
      db,
      rows.map((row) => row.booking),
    ),
  ];
  const mainOf = new Map(mains.map((main) => [main.bookingId, main]));
  const itemOf = (booking: { id: string }, name: string) => items.get(booking.id)?.find((item) => item.name === name);

  return rows.map(({ booking, event }): CallBack => {
    const main = mainOf.get(booking.id);
    const byType: Partial<Record<CompanionType, number>> = {};
    let companionCount = 0;
    for (const row of companions) {
      if (row.bookingId !== booking.id) continue;
      companionCount += row.count;
      const type = companionTypes.find((candidate) => candidate === row.type);
      if (type) byType[type] = (byType[type] ?? 0) + row.count;
    }
    const defaultCountry = itemOf(booking, phoneItemName)?.options.defaultCountry;
    const choiceItem = itemOf(booking, paymentChoiceItemName);
    const choice = choiceItem ? booking.answers[choiceItem.uuid] : undefined;
    const base = `/api/staff/bookings/${booking.id}`;
    return {
      booking_uuid: booking.id,
      code: booking.code,
      locale: booking.locale,
      event: { uuid: event.id, title: pickLocale(event.title, input.locale), starts_on: event.startsOn },
      submitted_at: (booking.submittedAt ?? booking.createdAt).toISOString(),
      main_participant: {
        name: displayNameOf(main),
        phone: main?.phone ?? null,
        phone_e164: telNumberOf(main?.phone, typeof defaultCountry === "string" ? defaultCountry : null, main?.country),
        email: main?.email ?? null,
      },
      places: booking.placesHeld,
      total_cents: booking.totalCents,
      deposit_cents: booking.depositCents,
      summary: {
        companions: { count: companionCount, by_type: byType },
        payment_option: booking.paymentOption,
        payment_choice: choice === "credit_card" || choice === "invoice" ? choice : null,
        additional_comments: booking.additionalComments,
      },
      attempts: attempts.get(booking.id) ?? [],
      actions: {
        record_attempt: { method: "POST", path: `${base}/call-attempts` },
        verify: { method: "POST", path: `${base}/sma/verify` },
        reject: { method: "POST", path: `${base}/sma/reject` },
      },
    };
  });
}

export function toCallAttempt(row: typeof callBackAttempts.$inferSelect): CallAttempt {
  return { uuid: row.id, outcome: row.outcome, note: row.note, staff: { id: row.staffId, email: row.staffEmail }, at: row.at.toISOString() };
}

/** The call attempts of the bookings, each booking's oldest first. */
async function attemptsOf(db: Queryable, bookingIds: string[]): Promise<Map<string, CallAttempt[]>> {
  const rows = await db
    .select()
    .from(callBackAttempts)
    .where(inArray(callBackAttempts.bookingId, bookingIds))
    .orderBy(asc(callBackAttempts.at), asc(callBackAttempts.id));
  const byBooking = new Map<string, CallAttempt[]>();
  for (const row of rows) byBooking.set(row.bookingId, [...(byBooking.get(row.bookingId) ?? []), toCallAttempt(row)]);
  return byBooking;
}

/** The items of each booking's form version, by booking id; a booking without one reads its form's latest. */
async function versionItemsOf(db: Queryable, rows: { id: string; formId: string; formVersionId: string | null }[]) {
  const versionIds = [...new Set(rows.flatMap((row) => (row.formVersionId ? [row.formVersionId] : [])))];
  const formIds = [...new Set(rows.filter((row) => !row.formVersionId).map((row) => row.formId))];
  const byId = versionIds.length
    ? await db.select({ id: formVersions.id, definition: formVersions.definition }).from(formVersions).where(inArray(formVersions.id, versionIds))
    : [];
  const latest = new Map(await Promise.all(formIds.map(async (formId) => [formId, (await latestFormVersion(db, formId))?.definition] as const)));
  const definitions = new Map(byId.map((row) => [row.id, row.definition]));
  return new Map(rows.map((row) => [row.id, definitionItems(row.formVersionId ? definitions.get(row.formVersionId) : latest.get(row.formId))]));
}
