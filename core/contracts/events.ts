import { z } from "zod";
import { eventStates } from "../domain/event-state";
import { locales } from "../i18n/locales";
import { responsiveImageSchema } from "./event-images";

export const categoryTranslationSchema = z.object({ locale: z.enum(locales), name: z.string(), slug: z.string() });

export const eventCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  translations: z.array(categoryTranslationSchema),
});
export type EventCategory = z.infer<typeof eventCategorySchema>;
export const categoriesResponseSchema = z.object({ data: z.array(eventCategorySchema) });

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const publicEventSchema = z.object({
  uuid: z.string().uuid(),
  category: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /** The event page's slug in the answer's language: the page is `/events/{category.slug}/{slug}` (+ the locale prefix). */
  slug: z.string(),
  title: z.string(),
  teaser: z.string(),
  description: z.string(),
  location: z.string(),
  /** The picture's address: an uploaded image's JPEG (link previews, JSON-LD), else a picture of the site. */
  image_url: z.string(),
  /** An uploaded image's files for `srcset` (decision 040); null (or absent) when the event shows `image_url`. */
  image: responsiveImageSchema.nullable().optional(),
  image_alt: z.string(),
  starts_on: isoDate,
  ends_on: isoDate,
  registration_deadline: z.string().nullable(),
  bookable_from: z.string().nullable(),
  capacity: z.number().int(),
  places_left: z.number().int(),
  min_participants: z.number().int(),
  /** False when the event's schedule says no cancellation by the customer (issue 30): the page says so. */
  customer_may_cancel: z.boolean(),
  price_from_cents: z.number().int().nullable(),
  currency: z.literal("EUR"),
  state: z.enum(eventStates),
  form_uuid: z.string().uuid().nullable(),
  /** Texts shown in English because their translation is missing (decision 034): the page marks them `lang="en"`. */
  english_fallbacks: z.array(z.enum(["title", "teaser", "description", "location", "image_alt"])).optional(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

export const eventPriceLineSchema = z.object({
  kind: z.enum(["participant", "companion", "vehicle", "instructor", "addon"]),
  key: z.string(),
  label: z.string(),
  amount_cents: z.number().int(),
  /** Charged per event day (vehicles, instructors, add-ons of a track day). */
  per_day: z.boolean(),
});
export type EventPriceLine = z.infer<typeof eventPriceLineSchema>;

/** One event for its own page: the card's data, its price list and its page address in every language. */
export const publicEventDetailSchema = publicEventSchema.extend({
  prices: z.array(eventPriceLineSchema),
  pages: z.array(z.object({ locale: z.enum(locales), category_slug: z.string(), slug: z.string() })),
  updated_at: z.string(),
});
export type PublicEventDetail = z.infer<typeof publicEventDetailSchema>;

/** "Notify me when bookings open" (POST api/public-events/{uuid}/notify). */
export const openingNoticeParamsSchema = z.object({ uuid: z.string().uuid() });
export const openingNoticeRequestSchema = z.object({
  email: z
    .string({ error: "validation.required" })
    .trim()
    .toLowerCase()
    .min(1, { error: "validation.required" })
    .max(254, { error: "validation.tooLong" })
    .pipe(z.email({ error: "validation.email" })),
});
export type OpeningNoticeRequest = z.infer<typeof openingNoticeRequestSchema>;
export const openingNoticeResponseSchema = z.object({
  data: z.object({ email: z.string(), bookable_from: z.string().nullable() }),
});

/** `?category` names a category by numeric id or by its slug in any language. */
export const publicEventsQuerySchema = z.object({ category: z.string().trim().min(1).max(120).optional() });
export const publicEventsResponseSchema = z.object({ data: z.array(publicEventSchema) });

export const experienceSchema = z.object({
  uuid: z.string().uuid(),
  image_url: z.string(),
  image_alt: z.string(),
  quote: z.string(),
  name: z.string(),
  event: z.string(),
});
export type Experience = z.infer<typeof experienceSchema>;
export const experiencesResponseSchema = z.object({ data: z.array(experienceSchema) });
