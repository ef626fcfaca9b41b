import { asc, desc, eq } from "drizzle-orm";
import type { FormDefinition } from "../../core/contracts/form-definitions";
import type { PublicForm, PublicFormItem, ReservedVehicles } from "../../core/contracts/forms";
import { pickLocale } from "../../core/contracts/localized-text";
import { addDays, operatorToday } from "../../core/domain/dates";
import { eventState, type EventAvailabilityInput } from "../../core/domain/event-state";
import { isLocale, type Locale } from "../../core/i18n/locales";
import type { Queryable } from "../db/client";
import { formVersionById, latestFormVersion, readDraftDefinition } from "../db/form-versions";
import { eventDayResources, eventPrices, events, forms, formVersions, sites } from "../db/schema";
import { notFound } from "../errors";
import { readThrough, type ReadCache } from "../deps/cache";
import { sanitizeRichText } from "../rich-text";

/**
 * A booking form with its pages and items in `locale`: the latest published version (decision 036),
 * or with `preview` the working copy the builder edits, and then also for an unpublished event. The
 * caller grants a preview to staff only (server/catalog/public-reads.ts).
 */
export async function getPublicForm(db: Queryable, locale: Locale, formId: string, options: { preview: boolean; now: Date }): Promise<PublicForm> {
  if (!options.preview) return contractFormOf(await getPublishedForm({ db }, locale, formId, options.now));
  const row = await formWithEvent(db, formId);
  if (!row) throw notFound("formNotFound");
  return localizedForm(db, locale, row, await readDraftDefinition(db, formId), options);
}

/**
 * How the booking path reads forms: with `reads`, what only staff change (the version's pages in one
 * language, the prices, the payment terms, whether the event is published) comes from the read cache's
 * catalogue entries, which bookings leave alone, and the event's places from an availability entry,
 * which every booking drops (decision 054). Without it (a transaction's own reads, tests), everything is read.
 */
export type FormReader = { db: Queryable; reads?: ReadCache | undefined };

/** A form's latest published version for anyone, with its event's state: not found while its event is unpublished. */
export async function getPublishedForm(reader: FormReader, locale: Locale, formId: string, now: Date): Promise<PublicForm & BookingFormExtras> {
  const form = await formAsOf(reader, locale, formId, "latest", now, { requirePublished: true });
  const loadPlaces = async () => {
    const [places] = await reader.db.select({ capacity: events.capacity, placesTaken: events.placesTaken }).from(events).where(eq(events.id, form.event.uuid));
    return places ?? { capacity: 0, placesTaken: 0 };
  };
  const places = await readThrough(reader.reads, `event-places:${form.event.uuid}`, loadPlaces, "availability");
  return { ...form, event: { ...form.event, state: eventState({ ...form.dates, ...places }, now) } };
}

/**
 * A form as the booking path uses it (open, save, submit, a booking's pages): without its event's
 * state, which needs the places (read again after every booking in a sale rush) and which only the
 * public form shows; the submission decides on places under its lock.
 */
export type BookingForm = Omit<PublicForm, "event"> & { event: Omit<PublicForm["event"], "state"> } & BookingFormExtras;

/** The latest published version as a new draft starts on it: not found while its event is unpublished. */
export async function getOpenableForm(reader: FormReader, locale: Locale, formId: string, now: Date): Promise<BookingForm> {
  return formAsOf(reader, locale, formId, "latest", now, { requirePublished: true });
}

/** What the booking path needs besides the contract: the version's id and its definition in both languages (its priced choices). */
export type BookingFormExtras = { versionId: string; definition: FormDefinition };

/** The public contract's fields only: the version's id and definition stay on the server (not in an answer, not in a page's data). */
export function contractFormOf(form: PublicForm & Partial<BookingFormExtras> & { dates?: EventDates }): PublicForm {
  const copy = { ...form };
  delete copy.versionId;
  delete copy.definition;
  delete copy.dates;
  return copy;
}

/**
 * The form a booking is shown and checked with: the version it was submitted on, or, for a draft
 * (which follows the latest version until it is submitted), the latest. Whether the event is still
 * published does not matter here: the booking exists.
 */
export async function getBookingForm(
  reader: FormReader,
  locale: Locale,
  booking: { formId: string; formVersionId: string | null; status: string },
  now: Date,
  options: { requirePublished?: boolean } = {},
): Promise<BookingForm> {
  const version = booking.status !== "draft" && booking.formVersionId ? booking.formVersionId : "latest";
  return formAsOf(reader, locale, booking.formId, version, now, options);
}

/** The event's dates and windows: with its places, what its state is computed from. */
type EventDates = Omit<EventAvailabilityInput, "capacity" | "placesTaken">;

/** A version of a form in one language without what changes by the minute (its event's state, today). */
type FormSnapshot = BookingFormExtras & {
  form: Omit<BookingForm, "today" | keyof BookingFormExtras>;
  published: boolean;
  dates: EventDates;
};

async function formAsOf(
  reader: FormReader,
  locale: Locale,
  formId: string,
  version: string | "latest",
  now: Date,
  options: { requirePublished?: boolean | undefined },
): Promise<BookingForm & { dates: EventDates }> {
  const load = () => loadFormSnapshot(reader.db, locale, formId, version);
  const snapshot = await readThrough(reader.reads, `booking-form:${formId}:${version}:${locale}`, load, "catalogue");
  if (!snapshot || (options.requirePublished && !snapshot.published)) throw notFound("formNotFound");
  const { form, versionId, definition, dates } = snapshot;
  return { ...form, today: operatorToday(now), versionId, definition, dates };
}

async function loadFormSnapshot(db: Queryable, locale: Locale, formId: string, version: string | "latest"): Promise<FormSnapshot | undefined> {
  // One after the other: `db` may be a transaction (one connection).
  const row = await formWithEvent(db, formId);
  const found = version === "latest" ? await latestFormVersion(db, formId) : await formVersionById(db, version);
  if (!row || !found || found.formId !== formId) return undefined;
  const { event } = row;
  // `today` and the event's state are set per request (formAsOf, getPublishedForm): they change by the day and by the booking.
  const localized = await localizedForm(db, locale, row, found.definition, { preview: false, now: new Date() });
  const { uuid, title, starts_on, ends_on, customer_may_cancel } = localized.event;
  return {
    form: {
      uuid: localized.uuid,
      preview: localized.preview,
      pages: localized.pages,
      prices: localized.prices,
      payment_terms: localized.payment_terms,
      event: { uuid, title, starts_on, ends_on, customer_may_cancel },
    },
    versionId: found.id,
    definition: found.definition,
    published: event.published,
    dates: { startsOn: event.startsOn, endsOn: event.endsOn, bookableFrom: event.bookableFrom, registrationDeadline: event.registrationDeadline },
  };
}

async function formWithEvent(db: Queryable, formId: string) {
  const [row] = await db
    .select({ form: forms, event: events })
    .from(forms)
    .innerJoin(events, eq(events.id, forms.eventId))
    .where(eq(forms.id, formId))
    .limit(1);
  return row;
}

type FormWithEvent = NonNullable<Awaited<ReturnType<typeof formWithEvent>>>;

/** A definition (both languages) as the public form contract has it, in one language, with the event's prices and terms. */
async function localizedForm(
  db: Queryable,
  locale: Locale,
  row: FormWithEvent,
  definition: FormDefinition,
  options: { preview: boolean; now: Date },
): Promise<PublicForm> {
  const { event } = row;
  const prices = await db.select().from(eventPrices).where(eq(eventPrices.eventId, event.id)).orderBy(asc(eventPrices.position));
  const [site] = await db.select({ depositPercent: sites.depositPercent, dueDays: sites.balanceDueDaysBeforeEvent }).from(sites).limit(1);
  return {
    uuid: row.form.id,
    preview: options.preview,
    event: {
      uuid: event.id,
      title: pickLocale(event.title, locale),
      starts_on: event.startsOn,
      ends_on: event.endsOn,
      // The event row carries every field the state needs.
      state: eventState(event, options.now),
      customer_may_cancel: event.cancellationSchedule.customer_may_cancel,
    },
    pages: definition.pages.map((page, index) => ({
      uuid: page.uuid,
      number: index + 1,
      title: pickLocale(page.title, locale),
      items: page.items.map(
        (item): PublicFormItem => ({
          uuid: item.uuid,
          parent_uuid: item.parent_uuid,
          kind: item.kind,
          name: item.name,
          label: pickLocale(item.label, locale),
          help: item.help ? pickLocale(item.help, locale) : null,
          required: item.required,
          options: servedOptions(item.kind, localizeOptions(item.options, locale)),
        }),
      ),
    })),
    prices: prices.map((price) => ({
      kind: price.kind,
      key: price.key,
      label: pickLocale(price.label, locale),
      amount_cents: price.amountCents,
      per_day: price.perDay,
    })),
    payment_terms: { deposit_percent: site?.depositPercent ?? 25, balance_due_days_before_event: site?.dueDays ?? 30 },
    today: operatorToday(options.now),
  };
}

/** Kinds whose `options.html` the booking page renders as raw HTML. */
const richTextKinds = new Set<PublicFormItem["kind"]>(["html", "wysiwyg"]);

/**
 * The page renders html/wysiwyg items with `dangerouslySetInnerHTML`; sanitizing here, not only
 * where content is written, keeps markup from any writer (a future back office) off the page.
 */
function servedOptions(kind: PublicFormItem["kind"], options: Record<string, unknown>): Record<string, unknown> {
  if (!richTextKinds.has(kind) || typeof options.html !== "string") return options;
  return { ...options, html: sanitizeRichText(options.html) };
}

/** Options may hold `{ en, de }` texts (choice labels); the answer carries only the asked language. */
function localizeOptions(value: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  return localizeValue(value, locale) as Record<string, unknown>;
}

function localizeValue(value: unknown, locale: Locale): unknown {
  if (Array.isArray(value)) return value.map((entry) => localizeValue(entry, locale));
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    if (keys.length > 0 && keys.every((key) => isLocale(key)) && typeof record.en === "string") {
      return typeof record[locale] === "string" ? record[locale] : record.en;
    }
    return Object.fromEntries(keys.map((key) => [key, localizeValue(record[key], locale)]));
  }
  return value;
}

/** Stock and use of each per-day resource of the form's event: what the vehicle pickers show. */
export async function getReservedVehicles(db: Queryable, formId: string): Promise<ReservedVehicles> {
  const [row] = await db
    .select({ eventId: forms.eventId, startsOn: events.startsOn })
    .from(forms)
    .innerJoin(events, eq(events.id, forms.eventId))
    .where(eq(forms.id, formId))
    .limit(1);
  if (!row) throw notFound("formNotFound");
  const resources = await db
    .select()
    .from(eventDayResources)
    .where(eq(eventDayResources.eventId, row.eventId))
    .orderBy(asc(eventDayResources.day), asc(eventDayResources.kind), asc(eventDayResources.key));
  const days = new Map<number, ReservedVehicles["days"][number]>();
  for (const resource of resources) {
    const day = days.get(resource.day) ?? { day: resource.day, date: addDays(row.startsOn, resource.day - 1), resources: [] };
    day.resources.push({
      key: resource.key,
      kind: resource.kind,
      stock: resource.stock,
      used: resource.used,
      available: resource.stock === null ? null : Math.max(0, resource.stock - resource.used),
    });
    days.set(resource.day, day);
  }
  return { form_uuid: formId, days: [...days.values()] };
}

/** Every published version of a form in `locale`, newest first, by version id: what a list of many bookings reads once. */
export async function getAllFormVersions(db: Queryable, locale: Locale, formId: string, now: Date): Promise<{ versionId: string; form: PublicForm }[]> {
  const row = await formWithEvent(db, formId);
  if (!row) throw notFound("formNotFound");
  const versions = await db.select().from(formVersions).where(eq(formVersions.formId, formId)).orderBy(desc(formVersions.number));
  return Promise.all(
    versions.map(async (version) => ({ versionId: version.id, form: await localizedForm(db, locale, row, version.definition, { preview: false, now }) })),
  );
}
