import { z } from "zod";
import { companionTypes } from "../domain/booking-choices";
import { bookingStatuses } from "../domain/booking-status";
import { companionViewSchema, pageAnswersSchema } from "./bookings";
import { publicFormItemSchema } from "./forms";

/**
 * Staff edit a submitted booking's answers and companions (issue 13, docs/decisions/032):
 * `GET|PUT api/staff/bookings/{uuid}/answers`, `POST api/staff/bookings/{uuid}/companions`,
 * `DELETE api/staff/bookings/{uuid}/companions/{companion}?version=`. Every write names the booking's
 * `version` it was made from: a write from an older one is refused (409) and changes nothing.
 */

const versionSchema = z.number().int().nonnegative();
/**
 * Whether the customer is told by mail (issue 32; on unless staff untick it). The mail waits a few minutes,
 * and edits made meanwhile join it: corrections in a row are one mail. The audit row is written either way.
 */
const notifySchema = z.boolean().default(true);
const nameSchema = z.string().trim().max(200);
const companionFields = {
  type: z.enum(companionTypes),
  salutation: z.enum(["mr", "mrs", "divers"]).nullable().optional(),
  forename: nameSchema,
  surname: nameSchema,
  date_of_birth: z.string().trim().max(20).nullable().optional(),
};

/** A companion already on the booking, as staff corrected it. */
export const companionEditSchema = z.object({ uuid: z.string().uuid(), ...companionFields }).strict();
export type CompanionEdit = z.infer<typeof companionEditSchema>;

export const editAnswersBodySchema = z
  .object({
    version: versionSchema,
    /** The main participant's answers that change, keyed by form item uuid (others stay as they are). */
    answers: pageAnswersSchema.default({}),
    /** Companions whose details change (names, type, birth date); those not named stay as they are. */
    companions: z.array(companionEditSchema).max(50).default([]),
    notify: notifySchema,
  })
  .strict();
export type EditAnswersBody = z.infer<typeof editAnswersBodySchema>;

export const addCompanionBodySchema = z.object({ version: versionSchema, ...companionFields, notify: notifySchema }).strict();
export type AddCompanionBody = z.infer<typeof addCompanionBodySchema>;

export const companionParamsSchema = z.object({ uuid: z.string().uuid(), companion: z.string().uuid() });
export const removeCompanionQuerySchema = z.object({
  version: z.coerce.number().int().nonnegative(),
  notify: z
    .enum(["true", "false"])
    .default("true")
    .transform((value) => value === "true"),
});

export const detailChangeSchema = z.object({ label: z.string(), from: z.string(), to: z.string() });

/** What the edit page and the API show: the answers staff may change, the companions, the money and the version to write from. */
export const bookingEditViewSchema = z.object({
  uuid: z.string().uuid(),
  code: z.string().nullable(),
  status: z.enum(bookingStatuses),
  /** Whether the booking can still be edited (not cancelled, expired or rejected). */
  editable: z.boolean(),
  version: z.number().int(),
  items: z.array(
    z.object({
      page_title: z.string(),
      item: publicFormItemSchema,
      value: z.unknown(),
      /** The name of the checkbox that shows this item (its own `visibleWhen` or its group's), or null: asked only when ticked. */
      shown_when: z.string().nullable(),
    }),
  ),
  companion_item: z.object({ uuid: z.string().uuid(), label: z.string(), max_companions: z.number().int(), types: z.array(z.enum(companionTypes)) }).nullable(),
  companions: z.array(companionViewSchema),
  money: z.object({ total_cents: z.number().int(), paid_cents: z.number().int() }),
});
export type BookingEditView = z.infer<typeof bookingEditViewSchema>;

export const bookingEditResponseSchema = z.object({ data: bookingEditViewSchema });
export const bookingEditedResponseSchema = z.object({
  data: bookingEditViewSchema.extend({ changes: z.array(detailChangeSchema), waitlist_offers: z.number().int().nonnegative() }),
});
export type BookingEditedAnswer = z.infer<typeof bookingEditedResponseSchema>["data"];
