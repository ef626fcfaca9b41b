import { z } from "zod";
import { priceKeyFits, priceKinds } from "../domain/price-list-rules";
import { maximumSlugLength } from "../domain/slugs";
import { responsiveImageSchema } from "./event-images";
import { cancellationScheduleSchema } from "./cancellation";
import { defaultLocale, locales, type Locale } from "../i18n/locales";

/**
 * The back office's catalogue (issue 14, decision 034): event categories and events, created and run
 * by staff. Every text is given in each language of the locale list; English is required, another
 * language may be left empty (the public site then shows the English text, marked `lang="en"`, and the
 * back office lists it as missing). Validation messages are catalogue keys, as in contracts/auth.ts.
 */

const tooLong = { error: "validation.tooLong" } as const;
const required = { error: "validation.required" } as const;

/** One text per language: `requiredEnglish` makes the default language's text mandatory. */
function localizedInput(max: number, requiredEnglish: boolean) {
  const shape = Object.fromEntries(
    locales.map((locale) => {
      const text = z.string(required).trim().max(max, tooLong);
      return [locale, locale === defaultLocale && requiredEnglish ? text.min(1, required) : text.default("")];
    }),
  ) as unknown as Record<Locale, z.ZodType<string, string | undefined>>;
  return z.object(shape).strict();
}
export type LocalizedInput = Record<Locale, string>;

const slugText = z
  .string()
  .trim()
  .toLowerCase()
  .max(maximumSlugLength, tooLong)
  .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, { error: "validation.slug" });
/** Slugs per language; empty: made from the name or title (core/domain/slugs.ts). */
const slugsInput = z
  .object(Object.fromEntries(locales.map((locale) => [locale, slugText.default("")])) as unknown as Record<Locale, z.ZodType<string, string | undefined>>)
  .strict();

const isoDate = z.string(required).regex(/^\d{4}-\d{2}-\d{2}$/, { error: "validation.date" });
const optionalInstant = z.iso.datetime({ offset: true, error: "validation.datetime" }).nullable().optional();
const instant = z.iso.datetime({ offset: true, error: "validation.datetime" }).nullable().default(null);

// ── Categories ─────────────────────────────────────────────────────────────────────────────────

export const categoryTranslationInput = z
  .object({ name: z.string(required).trim().max(120, tooLong), slug: slugText.default(""), description: z.string().trim().max(2000, tooLong).default("") })
  .strict();

/** Create or change a category: a translation per language (English required, others may be empty). */
export const staffCategoryInputSchema = z
  .object({
    translations: z
      .object(Object.fromEntries(locales.map((locale) => [locale, categoryTranslationInput])) as Record<Locale, typeof categoryTranslationInput>)
      .strict(),
  })
  .strict()
  .superRefine((value, context) => {
    if (!value.translations[defaultLocale].name)
      context.addIssue({ code: "custom", path: ["translations", defaultLocale, "name"], message: "validation.required" });
  });
export type StaffCategoryInput = z.infer<typeof staffCategoryInputSchema>;

export const staffCategorySchema = z.object({
  id: z.number().int(),
  /** Menu order (the public category pills follow it): 0…n-1 once staff have moved one. */
  position: z.number().int(),
  translations: z.record(z.enum(locales), z.object({ name: z.string(), slug: z.string(), description: z.string() }).nullable()),
  events: z.number().int(),
  /** Fields still to translate, as `translations.de.name`. */
  missing_translations: z.array(z.string()),
});
export type StaffCategory = z.infer<typeof staffCategorySchema>;
export const staffCategoriesResponseSchema = z.object({ data: z.array(staffCategorySchema) });
export const staffCategoryResponseSchema = z.object({ data: staffCategorySchema });
export const staffCategoryParamsSchema = z.object({ id: z.coerce.number().int().positive() });
/** Move a category one place up or down in the menu order. */
export const staffCategoryMoveSchema = z.object({ direction: z.enum(["up", "down"], { error: "validation.choice" }) }).strict();
export type StaffCategoryMove = z.infer<typeof staffCategoryMoveSchema>;

// ── Events ─────────────────────────────────────────────────────────────────────────────────────

export { priceKinds };
export const resourceKinds = ["vehicle", "instructor", "pit_box", "technical_support"] as const;
const key = z
  .string(required)
  .trim()
  .min(1, required)
  .max(60, tooLong)
  .regex(/^[a-z0-9_]+$/, { error: "validation.key" });

export const staffPriceInput = z
  .object({
    kind: z.enum(priceKinds, required),
    key,
    label: localizedInput(120, true),
    amount_cents: z.number({ error: "validation.number" }).int({ error: "validation.number" }).min(0, { error: "validation.number" }).max(10_000_000, tooLong),
    /** Basis points: 1900 = 19 %. */
    vat_rate_basis_points: z
      .number({ error: "validation.number" })
      .int({ error: "validation.number" })
      .min(0, { error: "validation.number" })
      .max(10_000, tooLong)
      .default(1900),
    per_day: z.boolean().default(false),
  })
  .strict();
export type StaffPriceInput = z.infer<typeof staffPriceInput>;

export const staffResourceInput = z
  .object({
    day: z.number({ error: "validation.number" }).int().min(1, { error: "validation.number" }).max(60, tooLong),
    kind: z.enum(resourceKinds, required),
    key,
    /** Null: unlimited (own car). */
    stock: z.number({ error: "validation.number" }).int().min(0, { error: "validation.number" }).max(100_000, tooLong).nullable(),
  })
  .strict();
export type StaffResourceInput = z.infer<typeof staffResourceInput>;

const count = (min: number) =>
  z.number({ error: "validation.number" }).int({ error: "validation.number" }).min(min, { error: "validation.number" }).max(100_000, tooLong);

/** Create or change an event: every field at once (the edit page posts the whole event). */
export const staffEventInputSchema = z
  .object({
    category_id: z.number(required).int().positive(required),
    title: localizedInput(200, true),
    teaser: localizedInput(500, false),
    /** HTML; sanitized by the server (server/rich-text.ts) before it is stored. */
    description: localizedInput(50_000, false),
    location: localizedInput(200, false),
    image_url: z.string().trim().max(2000, tooLong).default(""),
    image_alt: localizedInput(300, false),
    slugs: slugsInput.optional(),
    starts_on: isoDate,
    ends_on: isoDate,
    bookable_from: instant,
    registration_deadline: instant,
    capacity: count(1),
    min_participants: count(1).default(1),
    /** What a customer's own cancellation costs (issue 30); left out: a new event gets the default schedule, a changed one keeps its own. */
    cancellation_schedule: cancellationScheduleSchema.optional(),
    prices: z.array(staffPriceInput).max(100, tooLong).default([]),
    resources: z.array(staffResourceInput).max(500, tooLong).default([]),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.starts_on > value.ends_on) context.addIssue({ code: "custom", path: ["ends_on"], message: "validation.dateOrder" });
    const priceKeys = new Set<string>();
    value.prices.forEach((price, index) => {
      const id = `${price.kind}:${price.key}`;
      if (priceKeys.has(id)) context.addIssue({ code: "custom", path: ["prices", index, "key"], message: "validation.duplicateKey" });
      // The main participant's row is always `participant`, a companion's a companion type (issue 28): the booking looks them up so.
      else if (!priceKeyFits(price.kind, price.key)) context.addIssue({ code: "custom", path: ["prices", index, "key"], message: "validation.choice" });
      priceKeys.add(id);
    });
    const resourceKeys = new Set<string>();
    value.resources.forEach((resource, index) => {
      const id = `${resource.day}:${resource.key}`;
      if (resourceKeys.has(id)) context.addIssue({ code: "custom", path: ["resources", index, "key"], message: "validation.duplicateKey" });
      resourceKeys.add(id);
    });
  });
export type StaffEventInput = z.infer<typeof staffEventInputSchema>;

const localizedOutput = z.record(z.enum(locales), z.string());

export const staffEventSchema = z.object({
  uuid: z.string().uuid(),
  category_id: z.number().int(),
  title: localizedOutput,
  teaser: localizedOutput,
  description: localizedOutput,
  location: localizedOutput,
  image_url: z.string(),
  /** The uploaded image's files (decision 040); the pages show it instead of `image_url` when set. */
  image: responsiveImageSchema.nullable(),
  image_alt: localizedOutput,
  slugs: localizedOutput,
  starts_on: z.string(),
  ends_on: z.string(),
  bookable_from: z.string().nullable(),
  registration_deadline: z.string().nullable(),
  capacity: z.number().int(),
  places_taken: z.number().int(),
  min_participants: z.number().int(),
  cancellation_schedule: cancellationScheduleSchema,
  published: z.boolean(),
  archived: z.boolean(),
  prices: z.array(
    z.object({
      kind: z.enum(priceKinds),
      key: z.string(),
      label: localizedOutput,
      amount_cents: z.number().int(),
      vat_rate_basis_points: z.number().int(),
      per_day: z.boolean(),
    }),
  ),
  resources: z.array(
    z.object({ day: z.number().int(), kind: z.enum(resourceKinds), key: z.string(), stock: z.number().int().nullable(), used: z.number().int() }),
  ),
  form_uuid: z.string().uuid().nullable(),
  /** Fields still to translate, as `title.de` or `prices.participant.label.de`. */
  missing_translations: z.array(z.string()),
});
export type StaffEvent = z.infer<typeof staffEventSchema>;
export const staffEventResponseSchema = z.object({ data: staffEventSchema });

export const staffEventViews = ["upcoming", "past", "archived"] as const;
export type StaffEventView = (typeof staffEventViews)[number];
/** `category`: only the events of that category (its id, as the categories list gives it). */
export const staffEventsQuerySchema = z.object({ view: z.enum(staffEventViews).default("upcoming"), category: z.coerce.number().int().positive().optional() });

export const staffEventRowSchema = z.object({
  uuid: z.string().uuid(),
  title: z.string(),
  category_id: z.number().int(),
  category: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  capacity: z.number().int(),
  places_taken: z.number().int(),
  published: z.boolean(),
  archived: z.boolean(),
  missing_translations: z.array(z.string()),
});
export type StaffEventRow = z.infer<typeof staffEventRowSchema>;
export const staffEventsResponseSchema = z.object({ data: z.array(staffEventRowSchema) });
export const staffEventParamsSchema = z.object({ uuid: z.string().uuid() });

/** A copy with new dates; the deadline and `bookable_from` move with the start unless given. */
export const staffEventDuplicateSchema = z
  .object({
    starts_on: isoDate,
    ends_on: isoDate,
    bookable_from: optionalInstant,
    registration_deadline: optionalInstant,
    /** A copy on the very dates of its source is refused as a likely slip, unless staff say they mean it (issue 32). */
    same_dates_confirmed: z.boolean().optional(),
  })
  .strict()
  .superRefine((value, context) => {
    if (value.starts_on > value.ends_on) context.addIssue({ code: "custom", path: ["ends_on"], message: "validation.dateOrder" });
  });
export type StaffEventDuplicate = z.infer<typeof staffEventDuplicateSchema>;

/** Publish, unpublish, archive, restore: one change at a time, each audited. */
export const staffEventStateChanges = ["publish", "unpublish", "archive", "restore"] as const;
export const staffEventStateSchema = z.object({ change: z.enum(staffEventStateChanges, required) }).strict();
export type StaffEventStateChange = (typeof staffEventStateChanges)[number];

/**
 * `POST api/staff/events/{uuid}/image` (multipart): the image file (JPEG, PNG or WebP, at most 10 MB)
 * and, optionally, its alt texts; an image needs an English one, posted here or already stored.
 */
export const staffEventImageFormSchema = z.object({
  file: z.custom<Blob>((value) => value instanceof Blob).meta({ type: "string", format: "binary" }),
  ...(Object.fromEntries(locales.map((locale) => [`image_alt.${locale}`, z.string().max(300).optional()])) as Record<`image_alt.${Locale}`, z.ZodOptional<z.ZodString>>),
});
