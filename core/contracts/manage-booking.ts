import { z } from "zod";
import { invoiceSummarySchema } from "./invoices";
import { accountViewSchema } from "./booking-account";
import { bookingStatuses } from "../domain/booking-status";
import { pageAnswersSchema } from "./bookings";
import { publicFormItemSchema } from "./forms";
import { uploadViewSchema } from "./uploads";
import { customerCancelTermsSchema } from "./cancellation";

/**
 * "Manage my booking" (decision 023): the signed link's token (`{bookingUuid}.{generation}.{mac}`,
 * server/bookings/manage-links.ts) names the booking; the page and `GET api/booking/manage/{token}`
 * show the same view of it, `PUT …/details` answers the items that may be completed later.
 */
// Any text up to a sane length: a malformed link is "not found" like any wrong one, never a 422 that tells them apart.
export const manageBookingParamsSchema = z.object({ token: z.string().min(1).max(200) });

const personSchema = z.object({
  uuid: z.string().uuid(),
  role: z.enum(["main", "companion"]),
  companion_type: z.enum(["non_playing", "golf_playing", "driver", "co_driver"]).nullable(),
  name: z.string(),
  email: z.string().nullable(),
  /** A companion: whether the customer may take them off today, and at what fee (decision 075); null for the main participant. */
  removal: customerCancelTermsSchema.nullable(),
});

/** An answer of a booking as the pages show it; the staff desk reads the same shape (staff-bookings.ts). */
export const bookingAnswerSchema = z.object({
  item_uuid: z.string().uuid(),
  page_title: z.string(),
  label: z.string(),
  kind: publicFormItemSchema.shape.kind,
  /** The stored answer (an upload's uuid for files). */
  value: z.unknown(),
  /** The answer as the page shows it, in the request's language (choice labels, dates, country names, yes/no). */
  text: z.string(),
});

const vehicleDaySchema = z.object({
  day: z.number().int(),
  date: z.string(),
  resources: z.array(
    z.object({ kind: z.enum(["vehicle", "instructor", "pit_box", "technical_support"]), key: z.string(), label: z.string(), quantity: z.number().int() }),
  ),
});

export const manageBookingViewSchema = z.object({
  uuid: z.string().uuid(),
  code: z.string().nullable(),
  status: z.enum(bookingStatuses),
  /** Rises with every change: taking a companion off names the version it was previewed on. */
  version: z.number().int(),
  event: z.object({ uuid: z.string().uuid(), title: z.string(), starts_on: z.string(), ends_on: z.string(), location: z.string() }),
  people: z.array(personSchema),
  answers: z.array(bookingAnswerSchema),
  uploads: z.array(uploadViewSchema),
  vehicles: z.array(vehicleDaySchema),
  money: z.object({
    total_cents: z.number().int(),
    /** What a discount code took off the total (decision 079); null without one. */
    discount: z.object({ code: z.string(), amount_cents: z.number().int() }).nullable(),
    paid_cents: z.number().int(),
    deposit_cents: z.number().int(),
    remainder_cents: z.number().int(),
    remainder_due_on: z.string().nullable(),
    payment_option: z.enum(["credit_card", "invoice", "sma"]).nullable(),
    /** What may be paid by card now (fallen due, or the next instalment early), or null. */
    due: z.object({ kind: z.enum(["deposit", "balance", "full"]), amount_cents: z.number().int(), early: z.boolean() }).nullable(),
    /** The booking account (decision 067): every figure the page shows of the money. */
    account: accountViewSchema,
    /** The booking's "pay now" link (`/pay/{token}`) while something is due by card. */
    pay_url: z.string().nullable(),
  }),
  has_invoice: z.boolean(),
  /** Its invoices and cancellation invoices, oldest first. */
  invoices: z.array(invoiceSummarySchema),
  /** Whether the customer may cancel the booking today and at what fee (the event's schedule; issue 30). */
  cancellation: customerCancelTermsSchema,
  /** The items that may be completed later, their answers and until when they may be given. */
  later_details: z.object({
    /** The first day on which they can no longer be changed (the form's days before the event, else its first day). */
    closes_on: z.string(),
    open: z.boolean(),
    items: z.array(publicFormItemSchema),
    answers: pageAnswersSchema,
  }),
});
export type ManageBookingView = z.infer<typeof manageBookingViewSchema>;

export const manageBookingResponseSchema = z.object({ data: manageBookingViewSchema });

export const laterDetailsBodySchema = z.object({ answers: pageAnswersSchema });
export type LaterDetailsInput = z.infer<typeof laterDetailsBodySchema>;
