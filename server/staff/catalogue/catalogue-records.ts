import { and, asc, eq, like, ne, or } from "drizzle-orm";
import { responsiveImageOf } from "../../../core/contracts/event-images";
import { everyLocale, type LocalizedText } from "../../../core/contracts/localized-text";
import type { LocalizedInput, StaffEvent } from "../../../core/contracts/staff-catalogue";
import { missingTranslations, type TextsByLocale } from "../../../core/domain/catalogue-rules";
import type { Actor } from "../../../core/domain/permissions";
import { firstFreeSlug, slugify } from "../../../core/domain/slugs";
import { fieldError } from "../../../core/i18n/field-errors";
import { translatorFor } from "../../../core/i18n/i18n";
import { defaultLocale, locales, type Locale } from "../../../core/i18n/locales";
import type { Database, Queryable } from "../../db/client";
import { eventDayResources, eventPrices, events, eventSlugs, forms, staffAuditLog } from "../../db/schema";
import { AppError } from "../../errors";
import type { StaffAuditAction } from "../../../core/domain/staff-audit-entry";

/** What every catalogue verb is given: the database and the clock. */
export type CatalogueDeps = { db: Database; now: () => Date };
/** Who acted, as the audit row keeps them (the account may be renamed later). */
export type CatalogueStaff = { actorEmail: string; locale: Locale };

/**
 * Staff's catalogue changes go to the one staff audit log (decision 034): `action` names the change
 * (`event_created`, `category_deleted` …), `details` the subject (`event` uuid or `category` id) and
 * what changed. Written inside the change's transaction, so there is no change without its row.
 */
export async function auditCatalogueAction(
  db: Queryable,
  input: { actor: Actor; actorEmail: string; action: StaffAuditAction; details: Record<string, unknown>; at: Date },
) {
  await db.insert(staffAuditLog).values({
    actorId: input.actor.user?.userId ?? null,
    actorEmail: input.actorEmail,
    action: input.action,
    subjectUserId: null,
    details: input.details,
    at: input.at,
  });
}

/**
 * A form's texts as stored: English always, another language only when given. An empty German text
 * is left out, so every reader falls back to English (pickLocale) instead of showing nothing.
 */
export function storedText(input: LocalizedInput): LocalizedText {
  const text: LocalizedText = { en: input[defaultLocale] };
  for (const locale of locales) {
    if (locale !== defaultLocale && input[locale]) text[locale] = input[locale];
  }
  return text;
}


/** The database's guards, named: a violation of one under concurrency answers as the check before it would. */
const constraintOf = (error: unknown): string | undefined => {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    if (typeof candidate === "object" && candidate !== null && typeof (candidate as { constraint?: unknown }).constraint === "string") {
      return (candidate as { constraint: string }).constraint;
    }
  }
  return undefined;
};
const sqlStateOf = (error: unknown): string | undefined => {
  for (const candidate of [error, (error as { cause?: unknown } | null)?.cause]) {
    const code = typeof candidate === "object" && candidate !== null ? (candidate as { code?: unknown }).code : undefined;
    if (typeof code === "string") return code;
  }
  return undefined;
};
export const isCheckViolation = (error: unknown, constraint: string) => sqlStateOf(error) === "23514" && (constraintOf(error) ?? constraint) === constraint;
export const isUniqueViolation = (error: unknown, constraint: string) => sqlStateOf(error) === "23505" && (constraintOf(error) ?? constraint) === constraint;

/** "Capacity below the places taken": the check before the write and the database's check answer alike. */
export function capacityBelowTaken(placesTaken: number, locale: Locale): AppError {
  const params = { count: placesTaken };
  return new AppError("CONFLICT", "capacityBelowTaken", { params, fieldErrors: { capacity: [translatorFor(locale)("api.capacityBelowTaken", params)] } });
}
/** "Stock below what bookings use" of one resource, on its field (`resources.2.stock`). */
export function stockBelowUsed(field: string, key: string, used: number, locale: Locale): AppError {
  const params = { key, count: used };
  return new AppError("CONFLICT", "stockBelowUsed", { params, fieldErrors: { [field]: [translatorFor(locale)("api.stockBelowUsed", params)] } });
}

/** A slug taken in its language: the field's error. */
export function slugTaken(field: string, locale: Locale): AppError {
  return new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldError(field, "validation.slugTaken", locale) });
}

/**
 * An event's page address in every language: the slug staff typed (refused when another event has
 * it in that language), or one made from the title and numbered when taken (`…-2`).
 */
export async function chooseEventSlugs(
  db: Queryable,
  input: { eventId: string; title: LocalizedText; wanted: Partial<Record<Locale, string>>; staffLocale: Locale },
): Promise<Record<Locale, string>> {
  const chosen = {} as Record<Locale, string>;
  for (const locale of locales) {
    const typed = input.wanted[locale];
    const others = and(eq(eventSlugs.locale, locale), ne(eventSlugs.eventId, input.eventId));
    if (typed) {
      const [clash] = await db
        .select({ slug: eventSlugs.slug })
        .from(eventSlugs)
        .where(and(others, eq(eventSlugs.slug, typed)))
        .limit(1);
      if (clash) throw slugTaken(`slugs.${locale}`, input.staffLocale);
      chosen[locale] = typed;
      continue;
    }
    const base = slugify(input.title[locale] || input.title.en) || input.eventId;
    const taken = await db
      .select({ slug: eventSlugs.slug })
      .from(eventSlugs)
      .where(and(others, or(eq(eventSlugs.slug, base), like(eventSlugs.slug, `${base}-%`))));
    chosen[locale] = firstFreeSlug(base, new Set(taken.map((row) => row.slug)));
  }
  return chosen;
}

/** Writes the chosen slugs (replacing the event's old ones). */
export async function writeEventSlugs(db: Queryable, eventId: string, slugs: Record<Locale, string>) {
  await db.delete(eventSlugs).where(eq(eventSlugs.eventId, eventId));
  await db.insert(eventSlugs).values(locales.map((locale) => ({ eventId, locale, slug: slugs[locale] })));
}

type EventRow = typeof events.$inferSelect;
type PriceRow = typeof eventPrices.$inferSelect;

/** The texts of an event that are translated, with their paths as the back office names them. */
export function eventTextFields(
  event: Pick<EventRow, "title" | "teaser" | "description" | "location" | "imageAlt">,
  prices: Pick<PriceRow, "kind" | "key" | "label">[],
) {
  const fields: [string, TextsByLocale][] = [
    ["title", event.title],
    ["teaser", event.teaser],
    ["description", event.description],
    ["location", event.location],
    ["image_alt", event.imageAlt],
    ...prices.map((price): [string, TextsByLocale] => [`prices.${price.kind}.${price.key}.label`, price.label]),
  ];
  return missingTranslations(fields);
}

/** One event as the back office edits it: every language side by side, prices, resources, what is left to translate. */
export async function readStaffEventRecord(db: Queryable, eventId: string): Promise<StaffEvent> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId)).limit(1);
  if (!event) throw new AppError("NOT_FOUND", "eventNotFound");
  const [prices, resources, slugs, form] = await Promise.all([
    db.select().from(eventPrices).where(eq(eventPrices.eventId, eventId)).orderBy(asc(eventPrices.position), asc(eventPrices.id)),
    db.select().from(eventDayResources).where(eq(eventDayResources.eventId, eventId)).orderBy(asc(eventDayResources.day), asc(eventDayResources.key)),
    db.select().from(eventSlugs).where(eq(eventSlugs.eventId, eventId)),
    db.select({ id: forms.id }).from(forms).where(eq(forms.eventId, eventId)).limit(1),
  ]);
  return {
    uuid: event.id,
    category_id: event.categoryId,
    title: everyLocale(event.title),
    teaser: everyLocale(event.teaser),
    description: everyLocale(event.description),
    location: everyLocale(event.location),
    image_url: event.imageUrl,
    image: event.image ? responsiveImageOf(event.image) : null,
    image_alt: everyLocale(event.imageAlt),
    slugs: Object.fromEntries(locales.map((locale) => [locale, slugs.find((row) => row.locale === locale)?.slug ?? ""])) as Record<Locale, string>,
    starts_on: event.startsOn,
    ends_on: event.endsOn,
    bookable_from: event.bookableFrom?.toISOString() ?? null,
    registration_deadline: event.registrationDeadline?.toISOString() ?? null,
    capacity: event.capacity,
    places_taken: event.placesTaken,
    min_participants: event.minParticipants,
    cancellation_schedule: event.cancellationSchedule,
    published: event.published,
    archived: event.archivedAt !== null,
    prices: prices.map((price) => ({
      kind: price.kind,
      key: price.key,
      label: everyLocale(price.label),
      amount_cents: price.amountCents,
      vat_rate_basis_points: price.vatRateBasisPoints,
      per_day: price.perDay,
    })),
    resources: resources.map((resource) => ({ day: resource.day, kind: resource.kind, key: resource.key, stock: resource.stock, used: resource.used })),
    form_uuid: form[0]?.id ?? null,
    missing_translations: eventTextFields(event, prices),
  };
}
