import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { activeBookingStatuses } from "../../core/domain/booking-status";
import { operatorToday } from "../../core/domain/dates";
import { missingWaivers, waiverReminderDay, waiverReminderDaysBefore } from "../../core/domain/waivers";
import type { Database, Queryable } from "../db/client";
import { bookings, eventWaivers, events, jobs, outboxEmails } from "../db/schema";
import type { EmailToSend } from "../deps/enqueue-email";
import { addresseeNameOf, displayNameOf } from "../bookings/main-participant";
import { manageLinkUrl } from "../bookings/manage-links";
import { waiverLinkUrl } from "./waiver-links";
import { bookingPeopleWithSignatures } from "./waiver-records";

export const waiverRemindersJob = "waivers.remind-missing";
const scheduleLockKey = 80_31_0001;
/** Mails go out in the operator's morning, as the balance-due reminders do. */
const sendAtUtcHour = 7;

export type WaiverReminderDeps = { db: Database; publicOrigin: string; manageLinkSecret: string; enqueueMail: (tx: Queryable, mail: EmailToSend) => Promise<unknown> };

/**
 * The daily job (decision 080): for every event with a waiver that starts in 7 or 2 days, each active
 * booking with a person whose waiver is missing gets one mail in its language listing those people and
 * their sign links. Once per booking and reminder day: a mail already in the outbox for that day is not
 * written again (the job may run twice after a crash). Then it schedules the next morning's run.
 */
export async function runWaiverReminders(deps: WaiverReminderDeps, input: { now: Date }): Promise<{ sent: number }> {
  const today = operatorToday(input.now);
  const startDays = waiverReminderDaysBefore.map((days) => new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10));
  const due = await deps.db
    .select({ booking: bookings, event: events, personTypes: eventWaivers.personTypes })
    .from(eventWaivers)
    .innerJoin(events, eq(events.id, eventWaivers.eventId))
    .innerJoin(bookings, eq(bookings.eventId, events.id))
    .where(and(inArray(events.startsOn, startDays), inArray(bookings.status, [...activeBookingStatuses])));
  let sent = 0;
  for (const { booking, event, personTypes } of due) {
    const daysBefore = waiverReminderDay(event.startsOn, today);
    if (daysBefore === null) continue;
    sent += await deps.db.transaction(async (tx) => {
      const rows = await bookingPeopleWithSignatures(tx, booking.id);
      const signed = new Set(rows.filter((row) => row.signature).map((row) => row.participant.id));
      const missing = missingWaivers(
        rows.map((row) => row.participant),
        personTypes,
        signed,
      );
      const main = rows.find((row) => row.participant.role === "main")?.participant;
      if (missing.length === 0 || !main?.email) return 0;
      const [already] = await tx
        .select({ id: outboxEmails.id })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.bookingId, booking.id), eq(outboxEmails.template, "waiver-reminder"), sql`${outboxEmails.createdAt} >= now() - interval '20 hours'`))
        .limit(1);
      if (already) return 0;
      await deps.enqueueMail(tx, {
        template: "waiver-reminder",
        locale: booking.locale,
        to: main.email,
        bookingId: booking.id,
        payload: {
          name: addresseeNameOf(main, booking.locale),
          code: booking.code ?? "",
          eventTitle: pickLocale(event.title, booking.locale),
          startsOn: event.startsOn,
          people: missing.map((person) => ({
            name: displayNameOf(person),
            url: waiverLinkUrl(deps.publicOrigin, deps.manageLinkSecret, { participantId: person.id, generation: booking.manageLinkGeneration, locale: booking.locale }),
          })),
          manageUrl: manageLinkUrl(deps.publicOrigin, deps.manageLinkSecret, booking),
        },
      });
      return 1;
    });
  }
  const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000);
  tomorrow.setUTCHours(sendAtUtcHour);
  await deps.db.insert(jobs).values({ kind: waiverRemindersJob, payload: {}, runAt: tomorrow });
  return { sent };
}

/** Makes sure one run is scheduled (at boot), under a lock so that processes starting together make one chain (as apply-retention.ts). */
export async function scheduleWaiverReminders(db: Database, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${scheduleLockKey})`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, waiverRemindersJob), isNull(jobs.doneAt)))
      .limit(1);
    if (!pending) await tx.insert(jobs).values({ kind: waiverRemindersJob, payload: {}, runAt: now });
  });
}
