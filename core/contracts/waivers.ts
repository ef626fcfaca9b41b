import { z } from "zod";
import { waiverMethods, waiverPersonTypes } from "../domain/waivers";
import { locales } from "../i18n/locales";

/**
 * Waivers (issue 31, decision 080): the staff's waiver texts and versions, an event's waiver, a
 * person's signature from the sign page or the manage page, and a paper waiver staff record.
 */

/** One text per language of the site, every one required: a person signs in their booking's language. */
const perLanguage = <T extends z.ZodType>(schema: T) => z.object(Object.fromEntries(locales.map((locale) => [locale, schema])) as Record<(typeof locales)[number], T>).strict();

/** A new waiver text (no `waiver_id`) or a new version of one: the version's title and body in every language. */
export const saveWaiverTextSchema = z
  .object({
    waiver_id: z.string().uuid().optional(),
    name: z.string().trim().min(1).max(120),
    title: perLanguage(z.string().trim().min(1).max(200)),
    body: perLanguage(z.string().trim().min(20).max(20_000)),
  })
  .strict();
export type SaveWaiverText = z.infer<typeof saveWaiverTextSchema>;

/** An event's waiver: which text, asked of which person types; `waiver_id` null takes the waiver off the event. */
export const setEventWaiverSchema = z
  .object({
    waiver_id: z.string().uuid().nullable(),
    person_types: z.array(z.enum(waiverPersonTypes)).min(1).max(waiverPersonTypes.length),
  })
  .strict();
export type SetEventWaiver = z.infer<typeof setEventWaiverSchema>;

/** A PNG data URL of the drawn signature, at most ~300 kB. */
export const signaturePngSchema = z
  .string()
  .max(400_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);

/** `YYYY-MM-DD`, a real day, not in the future, not before 1900. */
export const dateOfBirthSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value && value >= "1900-01-01" && day.getTime() <= Date.now();
  }, "invalidDate");

/**
 * A signature: the typed full name, the date of birth, and either the drawn signature or the explicit
 * tick (the page without JavaScript ticks); the version id is the one the person read, refused when a
 * newer version came in between.
 */
export const signWaiverSchema = z
  .object({
    version_id: z.string().uuid(),
    full_name: z.string().trim().min(3).max(200),
    date_of_birth: dateOfBirthSchema,
    signature_png: signaturePngSchema.optional(),
    agreed: z.literal(true),
  })
  .strict();
export type SignWaiver = z.infer<typeof signWaiverSchema>;

/** A paper waiver staff record for one person of a booking (audited). */
export const recordPaperWaiverSchema = z
  .object({
    participant_id: z.string().uuid(),
    full_name: z.string().trim().min(3).max(200),
    date_of_birth: dateOfBirthSchema.optional(),
  })
  .strict();
export type RecordPaperWaiver = z.infer<typeof recordPaperWaiverSchema>;

export const waiverStateSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("not_required") }),
  z.object({ state: z.literal("missing") }),
  z.object({ state: z.literal("signed"), method: z.enum(waiverMethods), signedAt: z.string() }),
]);

/** One person of a booking and their waiver (the manage page, the back office). */
export const waiverPersonSchema = z.object({
  participant_id: z.string().uuid(),
  name: z.string(),
  person_type: z.enum(waiverPersonTypes),
  waiver: waiverStateSchema,
  /** The person's own sign link (`/waiver/{token}`; its PDF at `…/pdf` once signed), on the manage page only. */
  sign_path: z.string().nullable(),
});
export type WaiverPerson = z.infer<typeof waiverPersonSchema>;

export const waiverSignedSchema = z.object({ participant_id: z.string().uuid(), method: z.enum(waiverMethods), signed_at: z.string(), text_hash: z.string() });
export type WaiverSigned = z.infer<typeof waiverSignedSchema>;
export const waiverSignedResponseSchema = z.object({ data: waiverSignedSchema });

export const waiverTokenParamsSchema = z.object({ token: z.string().min(10).max(200) });
export const manageWaiverParamsSchema = z.object({ token: z.string().min(10).max(200), participantId: z.string().uuid() });
