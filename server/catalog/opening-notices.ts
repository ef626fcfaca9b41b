import { and, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { OpeningNoticeRequest } from "../../core/contracts/events";
import { pickLocale } from "../../core/contracts/localized-text";
import { eventState } from "../../core/domain/event-state";
import type { Actor } from "../../core/domain/permissions";
import { localizePath, type Locale } from "../../core/i18n/locales";
import type { Queryable, Transaction } from "../db/client";
import { eventCategoryTranslations, eventOpeningNotices, events, eventSlugs, jobs } from "../db/schema";
import { AppError } from "../errors";
import type { Deps } from "../deps/deps";

/** The durable job that mails every "notify me" sign-up of one event when its bookings open. */
export const sendOpeningNoticesJob = "event.send-opening-notices";

type EventRow = typeof events.$inferSelect;

async function lockPublishedEvent(tx: Transaction, eventId: string): Promise<EventRow | undefined> {
  // The row lock orders a sign-up and the sending job: a sign-up is either seen by the job or finds it done.
  const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for("update").limit(1);
  return event?.published ? event : undefined;
}

/**
 * Makes sure a job will send the event's pending notices at `runAt`. A job already waiting is enough;
 * one that a worker has claimed may have read the notices before this transaction's, so then another follows.
 */
async function ensureSendingJob(tx: Queryable, eventId: string, runAt: Date, now: Date) {
  const [waiting] = await tx
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, sendOpeningNoticesJob),
        isNull(jobs.doneAt),
        eq(jobs.payload, { eventId }),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
        lte(jobs.runAt, runAt),
      ),
    )
    .limit(1);
  if (!waiting) await tx.insert(jobs).values({ kind: sendOpeningNoticesJob, payload: { eventId }, runAt });
}

/**
 * "Notify me when bookings open" for an event that is not bookable yet. Anyone may (no account);
 * counted per client address. The address is stored once per event: signing up again answers the
 * same and stores nothing new.
 */
export async function signUpForOpeningNotice(
  deps: Pick<Deps, "db" | "now" | "openingNoticeLimiter">,
  _actor: Actor,
  input: { eventId: string; notice: OpeningNoticeRequest; locale: Locale; clientAddress?: string | undefined },
): Promise<{ email: string; bookable_from: string | null }> {
  const allowance = await deps.openingNoticeLimiter.hit(input.clientAddress ?? "unknown");
  if (!allowance.allowed)
    throw new AppError("TOO_MANY_REQUESTS", "tooManyAttempts", {
      params: { count: Math.ceil(allowance.retryAfterSeconds / 60) },
      retryAfterSeconds: allowance.retryAfterSeconds,
    });
  const now = deps.now();
  const email = input.notice.email.trim().toLowerCase();
  return deps.db.transaction(async (tx) => {
    const event = await lockPublishedEvent(tx, input.eventId);
    if (!event) throw new AppError("NOT_FOUND", "notFound");
    if (eventState(event, now) !== "not_bookable_yet" || !event.bookableFrom) throw new AppError("CONFLICT", "openingNoticeClosed");
    await tx.insert(eventOpeningNotices).values({ eventId: event.id, email, locale: input.locale }).onConflictDoNothing();
    await ensureSendingJob(tx, event.id, event.bookableFrom, now);
    return { email, bookable_from: event.bookableFrom.toISOString() };
  });
}

async function eventPageUrls(tx: Queryable, event: EventRow, publicOrigin: string): Promise<Map<Locale, string>> {
  const [slugs, categorySlugs] = await Promise.all([
    tx.select().from(eventSlugs).where(eq(eventSlugs.eventId, event.id)),
    tx.select().from(eventCategoryTranslations).where(eq(eventCategoryTranslations.categoryId, event.categoryId)),
  ]);
  const urls = new Map<Locale, string>();
  for (const slug of slugs) {
    const category = categorySlugs.find((row) => row.locale === slug.locale)?.slug ?? String(event.categoryId);
    urls.set(slug.locale, new URL(localizePath(`/events/${category}/${slug.slug}`, slug.locale), publicOrigin).toString());
  }
  return urls;
}

/**
 * The job: once the event's bookings have opened, each pending sign-up gets one "bookings are open"
 * mail in its language. The mail is queued and the sign-up marked in one transaction, so a job that
 * runs again (a crash, a restart, a second job) sends nothing twice. Moved to a later opening, it
 * waits for that instead.
 */
export async function sendOpeningNotices(
  deps: Pick<Deps, "db" | "enqueueMail" | "publicOrigin">,
  input: { eventId: string; now: Date },
): Promise<{ sent: number }> {
  return deps.db.transaction(async (tx) => {
    const event = await lockPublishedEvent(tx, input.eventId);
    if (!event) return { sent: 0 };
    if (event.bookableFrom && event.bookableFrom.getTime() > input.now.getTime()) {
      await ensureSendingJob(tx, event.id, event.bookableFrom, input.now);
      return { sent: 0 };
    }
    const pending = await tx
      .select()
      .from(eventOpeningNotices)
      .where(and(eq(eventOpeningNotices.eventId, event.id), isNull(eventOpeningNotices.notifiedAt)));
    if (pending.length === 0) return { sent: 0 };
    const urls = await eventPageUrls(tx, event, deps.publicOrigin);
    for (const notice of pending) {
      await deps.enqueueMail(tx, {
        template: "bookings-open",
        to: notice.email,
        locale: notice.locale,
        payload: {
          email: notice.email,
          eventTitle: pickLocale(event.title, notice.locale),
          startsOn: event.startsOn,
          endsOn: event.endsOn,
          location: pickLocale(event.location, notice.locale),
          eventUrl: urls.get(notice.locale) ?? new URL(localizePath("/events", notice.locale), deps.publicOrigin).toString(),
        },
      });
    }
    await tx
      .update(eventOpeningNotices)
      .set({ notifiedAt: input.now })
      .where(inArray(eventOpeningNotices.id, pending.map((notice) => notice.id)));
    return { sent: pending.length };
  });
}

/** How many sign-ups an event has and how many were mailed (tests, and later the back office). */
export async function countOpeningNotices(db: Queryable, eventId: string): Promise<{ total: number; notified: number }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, notified: sql<number>`count(${eventOpeningNotices.notifiedAt})::int` })
    .from(eventOpeningNotices)
    .where(eq(eventOpeningNotices.eventId, eventId));
  return { total: Number(row?.total ?? 0), notified: Number(row?.notified ?? 0) };
}
