import { eq } from "drizzle-orm";
import type { StaffEventInput, StaffPriceInput, StaffResourceInput } from "../../../core/contracts/staff-catalogue";
import { stockAllows } from "../../../core/domain/catalogue-rules";
import { fieldError } from "../../../core/i18n/field-errors";
import type { Locale } from "../../../core/i18n/locales";
import type { Queryable } from "../../db/client";
import { eventCategories, eventDayResources, eventPrices, type events } from "../../db/schema";
import { AppError } from "../../errors";
import { sanitizeRichText } from "../../rich-text";
import { storedText, stockBelowUsed } from "./catalogue-records";

/** The event's own columns from the edit form: texts as stored (German left out when empty), the description sanitized. */
export function eventColumns(input: StaffEventInput) {
  const description = storedText(input.description);
  for (const locale of Object.keys(description) as (keyof typeof description)[]) {
    const html = description[locale];
    if (html !== undefined) description[locale] = sanitizeRichText(html);
  }
  return {
    categoryId: input.category_id,
    title: storedText(input.title),
    teaser: storedText(input.teaser),
    description,
    location: storedText(input.location),
    imageUrl: input.image_url,
    imageAlt: storedText(input.image_alt),
    startsOn: input.starts_on,
    endsOn: input.ends_on,
    bookableFrom: input.bookable_from === null ? null : new Date(input.bookable_from),
    registrationDeadline: input.registration_deadline === null ? null : new Date(input.registration_deadline),
    capacity: input.capacity,
    minParticipants: input.min_participants,
    // Left out, a new event gets the column's default schedule and a changed one keeps its own.
    ...(input.cancellation_schedule ? { cancellationSchedule: input.cancellation_schedule } : {}),
  } satisfies Partial<typeof events.$inferInsert>;
}

/**
 * An event with an image (uploaded, or a picture's address) says in English what it shows (decision
 * 040): the alt text screen readers read. The German one may stay empty and falls back to English.
 */
export function requireImageAlt(input: StaffEventInput, hasUploadedImage: boolean, locale: Locale) {
  if ((hasUploadedImage || input.image_url.trim() !== "") && input.image_alt.en.trim() === "") {
    throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldError("image_alt.en", "validation.imageAlt", locale) });
  }
}

/** An unknown category is the field's error, before anything is written. */
export async function requireCategory(db: Queryable, categoryId: number, locale: Locale) {
  const [category] = await db.select({ id: eventCategories.id }).from(eventCategories).where(eq(eventCategories.id, categoryId)).limit(1);
  if (!category) throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: fieldError("category_id", "validation.choice", locale) });
}

/** The price list is replaced whole: nothing refers to a price row (bookings keep their own lines). */
export async function replacePrices(db: Queryable, eventId: string, prices: StaffPriceInput[]) {
  await db.delete(eventPrices).where(eq(eventPrices.eventId, eventId));
  if (prices.length === 0) return;
  await db.insert(eventPrices).values(
    prices.map((price, index) => ({
      eventId,
      kind: price.kind,
      key: price.key,
      label: storedText(price.label),
      amountCents: price.amount_cents,
      vatRateBasisPoints: price.vat_rate_basis_points,
      perDay: price.per_day,
      position: index + 1,
    })),
  );
}

/**
 * The per-day resources are changed in place (reservations point to their rows): a resource kept by
 * day and key gets its new kind and stock, a new one is added, one left out is removed. Lowering a
 * stock below what bookings use, or removing a resource in use, is refused (the first such field).
 */
export async function applyResources(db: Queryable, eventId: string, wanted: StaffResourceInput[], locale: Locale) {
  const existing = await db.select().from(eventDayResources).where(eq(eventDayResources.eventId, eventId)).for("update");
  const keyOf = (resource: { day: number; key: string }) => `${resource.day}:${resource.key}`;
  const wantedByKey = new Map(wanted.map((resource, index) => [keyOf(resource), { resource, index }]));
  for (const row of existing) {
    const match = wantedByKey.get(keyOf(row));
    if (!match && row.used > 0) throw stockBelowUsed("resources", row.key, row.used, locale);
    if (match && !stockAllows(match.resource.stock, row.used)) throw stockBelowUsed(`resources.${match.index}.stock`, row.key, row.used, locale);
  }
  const existingByKey = new Map(existing.map((row) => [keyOf(row), row]));
  for (const row of existing) {
    if (!wantedByKey.has(keyOf(row))) await db.delete(eventDayResources).where(eq(eventDayResources.id, row.id));
  }
  for (const resource of wanted) {
    const row = existingByKey.get(keyOf(resource));
    if (row) await db.update(eventDayResources).set({ kind: resource.kind, stock: resource.stock }).where(eq(eventDayResources.id, row.id));
    else await db.insert(eventDayResources).values({ eventId, day: resource.day, kind: resource.kind, key: resource.key, stock: resource.stock, used: 0 });
  }
}
