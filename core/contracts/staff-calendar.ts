import { z } from "zod";
import { calendarViews } from "../domain/calendar-range";
import { dashboardEventSchema } from "./staff-dashboard";

/**
 * The back office's calendar (issue 31, decision 078): `GET api/staff/calendar?view=month|week&date=…`
 * answers the days the view shows and every event overlapping them, with the dashboard's own figures
 * (places taken, held, free, the waitlist): the same counting, not a second one. Staff only.
 */
export const staffCalendarQuerySchema = z.object({
  view: z.enum(calendarViews, { message: "validation.choice" }).default("month"),
  /** Any day of the month or week; without it, the operator's today. */
  date: z.iso.date({ message: "validation.date" }).optional(),
});
export type StaffCalendarQuery = z.output<typeof staffCalendarQuerySchema>;

export const staffCalendarSchema = z.object({
  view: z.enum(calendarViews),
  today: z.iso.date(),
  anchor: z.iso.date(),
  from: z.iso.date(),
  to: z.iso.date(),
  previous: z.iso.date(),
  next: z.iso.date(),
  events: z.array(dashboardEventSchema),
});
export type StaffCalendar = z.infer<typeof staffCalendarSchema>;
export const staffCalendarResponseSchema = z.object({ data: staffCalendarSchema });
