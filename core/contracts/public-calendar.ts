import { z } from "zod";
import { isIsoMonth } from "../domain/calendar-range";

/** The public calendar's address (`/calendar?month=2026-12`, issue 31): without a month, it opens on the next month with events. */
export const publicCalendarQuerySchema = z.object({
  month: z
    .string()
    .refine((value) => isIsoMonth(value) && value >= "2000-01" && value <= "2099-12", { message: "validation.date" })
    .optional(),
});
export type PublicCalendarQuery = z.output<typeof publicCalendarQuerySchema>;
