import { z } from "zod";
import { accountViewSchema } from "./booking-account";
import { manageBookingParamsSchema } from "./manage-booking";

/**
 * A customer takes one companion off their booking on the manage page (issue 30, decision 075
 * addendum): `POST api/booking/manage/{token}/companions/{companion}/preview` reads only,
 * `POST …/companions/{companion}/remove` does it at the fee and version the preview showed.
 */

export const companionRemovalParamsSchema = manageBookingParamsSchema.extend({ companion: z.string().uuid() });

/** The preview: the companion's share, the fee, what goes back by card now and by transfer from staff, the new total and the account afterwards. */
export const companionRemovalPreviewSchema = z.object({
  uuid: z.string().uuid(),
  companion_uuid: z.string().uuid(),
  companion_name: z.string(),
  /** What the companion's own line costs (core/domain/companion-removal.ts). */
  share_cents: z.number().int(),
  fee_cents: z.number().int(),
  card_refund_cents: z.number().int(),
  queued_refund_cents: z.number().int(),
  /** The booking's total afterwards: without the companion, with the fee as a line of its own. */
  total_cents: z.number().int(),
  account: accountViewSchema,
});
export type CompanionRemovalPreview = z.infer<typeof companionRemovalPreviewSchema>;
export const companionRemovalPreviewResponseSchema = z.object({ data: companionRemovalPreviewSchema });

/** The confirmation names the fee the customer saw and the booking's version they saw it on: either changed since, 409 and nothing changes. */
export const companionRemovalBodySchema = z.object({ fee_cents: z.number().int().min(0), version: z.number().int().min(0) }).strict();
export type CompanionRemovalBody = z.infer<typeof companionRemovalBodySchema>;

export const companionRemovalAnswerSchema = companionRemovalPreviewSchema.extend({
  version: z.number().int(),
  places_released: z.number().int(),
  waitlist_offers: z.number().int(),
});
export type CompanionRemovalAnswer = z.infer<typeof companionRemovalAnswerSchema>;
export const companionRemovalResponseSchema = z.object({ data: companionRemovalAnswerSchema });
