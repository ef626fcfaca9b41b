import { z } from "zod";
import { eventMessagePaymentFilters } from "../domain/event-message-audience";
import { locales } from "../i18n/locales";

/**
 * Messages to an event (issue 31): `api/staff/events/{uuid}/messages` sends one message to the event's
 * active bookings (or a filtered part), each in its booking's language; `…/messages/preview` renders it
 * for one real booking of the selection and counts them; GET lists the event's sent messages.
 */
export const eventMessageParamsSchema = z.object({ uuid: z.string().uuid() });

const subjectSchema = z.string().trim().min(1).max(200);
/** Plain text: escaped when the mail is rendered; blank lines make paragraphs. */
const bodySchema = z.string().trim().min(1).max(5000);

/** One text per language of the site, every one required: each booking reads its own. */
const perLanguage = <T extends z.ZodType>(schema: T) =>
  z.object(Object.fromEntries(locales.map((locale) => [locale, schema])) as Record<(typeof locales)[number], T>).strict();

export const eventMessageBodySchema = z
  .object({
    /** Whom it reaches among the event's active bookings: all (default), nothing paid yet, or something still owed. */
    payment: z.enum(eventMessagePaymentFilters).default("all"),
    /** A day of the event (1 … n): only bookings with something booked that day (a vehicle, an instructor, a pit box). */
    day: z.number().int().min(1).max(366).optional(),
    /** A vehicle, by its key: only bookings driving it (on `day`, when one is given). */
    vehicle: z.string().trim().min(1).max(100).optional(),
    subject: perLanguage(subjectSchema),
    body: perLanguage(bodySchema),
  })
  .strict();
export type EventMessageBody = z.infer<typeof eventMessageBodySchema>;
export type EventMessageInput = z.input<typeof eventMessageBodySchema>;

const renderedMailSchema = z.object({
  to: z.string(),
  locale: z.enum(locales),
  /** The booking the preview was rendered for. */
  code: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

export const eventMessagePreviewSchema = z.object({
  /** How many bookings the message reaches. */
  count: z.number().int().nonnegative(),
  /** Counted per language. */
  by_locale: z.record(z.string(), z.number().int().nonnegative()),
  /** The mail as the first booking of the selection gets it; null when the selection is empty. */
  mail: renderedMailSchema.nullable(),
});
export type EventMessagePreview = z.infer<typeof eventMessagePreviewSchema>;
export const eventMessagePreviewResponseSchema = z.object({ data: eventMessagePreviewSchema });

export const eventMessageSentSchema = z.object({ count: z.number().int().positive(), codes: z.array(z.string()) });
export type EventMessageSent = z.infer<typeof eventMessageSentSchema>;
export const eventMessageSentResponseSchema = z.object({ data: eventMessageSentSchema });

export const eventMessageHistoryEntrySchema = z.object({
  at: z.string(),
  by: z.string(),
  payment: z.enum(eventMessagePaymentFilters),
  day: z.number().int().nullable(),
  vehicle: z.string().nullable(),
  count: z.number().int().nonnegative(),
  subject: z.record(z.string(), z.string()),
});
export type EventMessageHistoryEntry = z.infer<typeof eventMessageHistoryEntrySchema>;
export const eventMessageHistorySchema = z.object({
  uuid: z.string().uuid(),
  /** The event's title by language. */
  title: z.record(z.string(), z.string()),
  messages: z.array(eventMessageHistoryEntrySchema),
  /** What the day and vehicle filters offer: the event's days with their dates, its vehicles with their labels. */
  days: z.array(z.object({ day: z.number().int(), date: z.string() })),
  vehicles: z.array(z.object({ key: z.string(), label: z.record(z.string(), z.string()) })),
});
export type EventMessageHistory = z.infer<typeof eventMessageHistorySchema>;
export const eventMessageHistoryResponseSchema = z.object({ data: eventMessageHistorySchema });
