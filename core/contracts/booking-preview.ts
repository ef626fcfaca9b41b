import { z } from "zod";
import { companionInputSchema, pageAnswersSchema } from "./bookings";

/**
 * What a staff member has entered in the booking page's preview (`/booking/{form}?preview=1`,
 * decision 039): it travels with each page's post as one hidden field and is never stored, so a
 * preview writes no draft, no companion and no upload. The server checks it as any other input.
 */
export const previewStateSchema = z.object({
  answers: pageAnswersSchema,
  companions: z.array(companionInputSchema).max(50),
});
export type PreviewState = z.infer<typeof previewStateSchema>;

export const emptyPreviewState: PreviewState = { answers: {}, companions: [] };

/** The hidden field's name, and the most it may hold (a page post is limited to 2 MB anyway). */
export { previewStateField } from "./booking-preview-field";
export const previewStateMaxLength = 500_000;

/** The hidden field's value back as a state; anything unreadable starts the preview afresh. */
export function parsePreviewState(value: FormDataEntryValue | null): PreviewState {
  if (typeof value !== "string" || value.length > previewStateMaxLength) return emptyPreviewState;
  try {
    const parsed = previewStateSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : emptyPreviewState;
  } catch {
    return emptyPreviewState;
  }
}
