import { z } from "zod";
import { locales } from "../i18n/locales";

/** An event's waitlist as the back office shows it (issue 13 "Waitlist per event"). */
export const staffWaitlistEntrySchema = z.object({
  uuid: z.string().uuid(),
  name: z.string(),
  email: z.string(),
  party_size: z.number().int(),
  locale: z.enum(locales),
  status: z.enum(["waiting", "offered", "accepted", "expired", "cancelled"]),
  /** 1, 2, … among the waiting entries, in the order offers go out; null for the others. */
  position: z.number().int().nullable(),
  offered_until: z.string().nullable(),
  created_at: z.string(),
});
export type StaffWaitlistEntry = z.infer<typeof staffWaitlistEntrySchema>;

export const staffWaitlistSchema = z.object({
  event: z.object({ uuid: z.string().uuid(), title: z.string(), starts_on: z.string(), capacity: z.number().int(), places_taken: z.number().int(), free: z.number().int() }),
  entries: z.array(staffWaitlistEntrySchema),
});
export type StaffWaitlist = z.infer<typeof staffWaitlistSchema>;
export const staffWaitlistResponseSchema = z.object({ data: staffWaitlistSchema });

export const staffWaitlistParamsSchema = z.object({ uuid: z.string().uuid() });
export const staffWaitlistEntryParamsSchema = z.object({ uuid: z.string().uuid(), entry: z.string().uuid() });
