import { and, eq, ne } from "drizzle-orm";
import { pickLocale } from "../../core/contracts/localized-text";
import { localizePath, type Locale } from "../../core/i18n/locales";
import { operatorBrand } from "../../core/i18n/i18n";
import type { Actor } from "../../core/domain/permissions";
import { authorize } from "../auth/authorize";
import type { Database, Queryable } from "../db/client";
import { bookings, eventCategoryTranslations, events, eventSlugs, uploads } from "../db/schema";
import { AppError } from "../errors";
import type { FileStore } from "../deps/file-store";
import { openManageLink } from "./manage-access";
import { calendarFile } from "./manage-calendar";
import { manageLinkPath } from "./manage-links";

type LinkDeps = { db: Queryable; manageLinkSecret: string; now: () => Date };

/**
 * The booking's `.ics` (decision 023): all-day, as events are sold by the day; its URL is the event's
 * public page (a calendar entry may be shared, the private manage link must not travel with it).
 */
export async function manageCalendar(deps: LinkDeps & { publicOrigin: string }, caller: Actor, input: { token: string; locale: Locale }) {
  const { booking, event } = await openManageLink(deps, caller, { token: input.token });
  const [slugs] = await deps.db
    .select({ event: eventSlugs.slug, category: eventCategoryTranslations.slug })
    .from(eventSlugs)
    .innerJoin(events, eq(events.id, eventSlugs.eventId))
    .innerJoin(eventCategoryTranslations, and(eq(eventCategoryTranslations.categoryId, events.categoryId), eq(eventCategoryTranslations.locale, input.locale)))
    .where(and(eq(eventSlugs.eventId, event.id), eq(eventSlugs.locale, input.locale)))
    .limit(1);
  const page = slugs ? `/events/${slugs.category}/${slugs.event}` : "/events";
  const host = new URL(deps.publicOrigin).host;
  const ics = calendarFile(
    {
      uid: `${booking.id}@${host}`,
      stamp: deps.now(),
      when: { kind: "all-day", startsOn: event.startsOn, endsOn: event.endsOn },
      summary: pickLocale(event.title, input.locale),
      location: pickLocale(event.location, input.locale),
      description: booking.code ? `${operatorBrand} · ${booking.code}` : operatorBrand,
      url: `${deps.publicOrigin}${localizePath(page, input.locale)}`,
    },
    operatorBrand,
  );
  return { filename: `${booking.code ?? "booking"}.ics`, ics };
}

/** A file uploaded to the booking, for the holder of its manage link: opened from the store, and how to name it (a missing file is "not found"). */
export async function manageUploadFile(deps: LinkDeps & { files: FileStore }, caller: Actor, input: { token: string; uploadId: string }) {
  const { booking } = await openManageLink(deps, caller, { token: input.token });
  const [file] = await deps.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, input.uploadId), eq(uploads.bookingId, booking.id)))
    .limit(1);
  if (!file) throw new AppError("NOT_FOUND", "notFound");
  const stored = await deps.files.open(file.storageKey);
  if (!stored) throw new AppError("NOT_FOUND", "notFound");
  return { body: stored.body, name: file.originalName, mediaType: file.mediaType, sizeBytes: stored.sizeBytes };
}

/**
 * The dashboard's "Manage" links: the current link of each of the account's submitted bookings
 * (the owner reaches the same page as the e-mails' link; decision 023).
 */
export async function ownerManageLinks(
  deps: { db: Database; manageLinkSecret: string },
  actor: Actor,
  input: { locale: Locale },
): Promise<Record<string, string>> {
  const userId = actor.user?.userId ?? "";
  authorize(actor, "account.list-bookings", { id: userId });
  const rows = await deps.db
    .select({ id: bookings.id, manageLinkGeneration: bookings.manageLinkGeneration })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), ne(bookings.status, "draft")));
  return Object.fromEntries(rows.map((row) => [row.id, manageLinkPath(deps.manageLinkSecret, { ...row, locale: input.locale })]));
}
