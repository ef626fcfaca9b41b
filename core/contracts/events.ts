import { z } from "zod";
import { eventStates } from "../domain/event-state";
import { locales } from "../i18n/locales";

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
  title: z.string(),
  teaser: z.string(),
  description: z.string(),
  location: z.string(),
  image_url: z.string(),
  image_alt: z.string(),
  starts_on: isoDate,
  ends_on: isoDate,
  registration_deadline: z.string().nullable(),
  bookable_from: z.string().nullable(),
  capacity: z.number().int(),
  places_left: z.number().int(),
  min_participants: z.number().int(),
  price_from_cents: z.number().int().nullable(),
  currency: z.literal("EUR"),
  state: z.enum(eventStates),
  form_uuid: z.string().uuid().nullable(),
});
export type PublicEvent = z.infer<typeof publicEventSchema>;

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
