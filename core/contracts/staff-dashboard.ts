import { z } from "zod";

/**
 * `GET api/staff/dashboard` (issue 13, "Dashboard"; decision 031): per upcoming event its places,
 * money and waitlist; the warnings that need a staff member's action; and the bookings submitted per
 * operator calendar day, the same numbers the page shows as a chart and as a table.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const cents = z.number().int();
const count = z.number().int().nonnegative();

export const dashboardEventSchema = z.object({
  uuid: z.string().uuid(),
  /** In the caller's language (Accept-Language), English when the event has no text in it. */
  title: z.string(),
  starts_on: isoDate,
  ends_on: isoDate,
  published: z.boolean(),
  places: z.object({
    capacity: count,
    /** Booked: confirmed and paid bookings, and SMA requests in review (their places are kept). */
    taken: count,
    /** Of `taken`: the SMA requests staff have not decided yet. */
    in_review: count,
    /** Card bookings whose hold has not been paid yet, and waitlist offers not yet taken up or run out. */
    held: count,
    held_by_card: count,
    held_by_waitlist_offers: count,
    /** Capacity less the event's place counter (what a new booking could still get). */
    free: count,
  }),
  /** The event's minimum number of participants; reached when the booked places (`taken`) meet it. */
  min_participants: z.number().int().nullable(),
  min_participants_reached: z.boolean().nullable(),
  money: z.object({
    /** Everything received on the event's bookings (their `paid_cents`). */
    paid_cents: cents,
    /** What live bookings (held, in review, confirmed) still owe. */
    outstanding_cents: cents,
  }),
  waitlist: z.object({ entries: count, places: count }),
});
export type DashboardEvent = z.infer<typeof dashboardEventSchema>;

export const warningKinds = ["sma_pending", "refunds_pending", "overdue_balances", "overpaid_bookings", "payments_after_expiry"] as const;
export type WarningKind = (typeof warningKinds)[number];

/** How many entries a warning lists; `count` is always the full number. */
export const warningListLimit = 20;

export const warningEntrySchema = z.object({
  booking_uuid: z.string().uuid(),
  code: z.string().nullable(),
  event_uuid: z.string().uuid(),
  /** The payment concerned (refunds, payments after expiry), else null. */
  payment_uuid: z.string().uuid().nullable(),
  /**
   * The amount in question: the booking's total (SMA), the payment to refund, the balance overdue,
   * the amount paid too much.
   */
  amount_cents: cents,
});
export type WarningEntry = z.infer<typeof warningEntrySchema>;

export const warningSchema = z.object({ count, entries: z.array(warningEntrySchema).max(warningListLimit) });
export type Warning = z.infer<typeof warningSchema>;

export const bookingsPerDaySchema = z.object({
  /** The operator's calendar days (Europe/Berlin), the oldest first, every day present (zero-filled). */
  from: isoDate,
  to: isoDate,
  days: z.array(z.object({ date: isoDate, count })),
});
export type BookingsPerDay = z.infer<typeof bookingsPerDaySchema>;

export const staffDashboardSchema = z.object({
  /** When the numbers were taken, and the operator's "today" they were taken on. */
  generated_at: z.string(),
  today: isoDate,
  events: z.array(dashboardEventSchema),
  warnings: z.object({
    sma_pending: warningSchema,
    refunds_pending: warningSchema,
    overdue_balances: warningSchema,
    overpaid_bookings: warningSchema,
    payments_after_expiry: warningSchema,
  }) satisfies z.ZodType<Record<WarningKind, Warning>>,
  bookings_per_day: bookingsPerDaySchema,
});
export type StaffDashboard = z.infer<typeof staffDashboardSchema>;

export const staffDashboardResponseSchema = z.object({ data: staffDashboardSchema });
