import { bookingAnswerSchema } from "./manage-booking";
import { accountPaymentStates, paymentMethods, type AccountPaymentState } from "../domain/booking-account";
import { accountViewSchema } from "./booking-account";
import { z } from "zod";
import { invoiceSummarySchema } from "./invoices";
import { bookingStatuses } from "../domain/booking-status";
import { uploadViewSchema } from "./uploads";

/**
 * The staff desk's bookings (issue 13, decision 028): `GET api/staff/bookings` lists submitted
 * bookings (never drafts) with search, filters, a whitelisted sort and numbered pages of
 * `staffBookingsPageSize`; `GET api/staff/bookings/{uuid}` is everything the desk needs about one.
 */

export const staffBookingsPageSize = 50;
/** Page numbers beyond this are refused: offset paging reads every skipped row (decision 028). */
export const staffBookingsMaxPage = 10_000;

/** Every status a submitted booking can have: a draft is the browser's, never the desk's. */
export const listedBookingStatuses = bookingStatuses.filter((status) => status !== "draft") as [
  Exclude<(typeof bookingStatuses)[number], "draft">,
  ...Exclude<(typeof bookingStatuses)[number], "draft">[],
];
export const paymentOptions = ["credit_card", "invoice", "sma"] as const;
/** How much of what the booking owes is paid (the booking account's state, core/domain/booking-account.ts). */
export const paymentStates = accountPaymentStates;
export type PaymentState = AccountPaymentState;
/** `payment=` takes payment options and payment states, mixed: `payment=invoice,unpaid`. */
export const paymentFilters = [...paymentOptions, ...paymentStates] as const;
export type PaymentFilter = (typeof paymentFilters)[number];

/** The only orders the list can be read in; each is served by an index (decision 028). */
export const staffBookingSorts = ["submitted_desc", "submitted_asc", "code_asc", "code_desc", "name_asc", "name_desc", "total_desc", "total_asc"] as const;
export type StaffBookingSort = (typeof staffBookingSorts)[number];

/** `status=confirmed,paid` or `status=confirmed&status=paid`: a list of one enum, refused whole if one value is not in it. */
const listOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (input) =>
      (Array.isArray(input) ? input : [input])
        .flatMap((entry) => String(entry).split(","))
        .map((entry) => entry.trim())
        .filter(Boolean),
    z.array(z.enum(values, { message: "validation.choice" })).max(values.length * 2),
  );

const isoDate = z.iso.date({ message: "validation.date" });

export const staffBookingsQuerySchema = z
  .object({
    /** A booking code, or the start of a participant's name, e-mail or phone number (its digits). */
    q: z.string().trim().max(200, { message: "validation.tooLong" }).optional(),
    event: z.string().uuid().optional(),
    status: listOf(listedBookingStatuses).optional(),
    payment: listOf(paymentFilters).optional(),
    /** Submitted on or after this day, in the operator's calendar (Europe/Berlin). */
    from: isoDate.optional(),
    /** Submitted on or before this day, in the operator's calendar (Europe/Berlin). */
    to: isoDate.optional(),
    sort: z.enum(staffBookingSorts, { message: "validation.choice" }).default("submitted_desc"),
    page: z.coerce.number({ message: "validation.number" }).int({ message: "validation.number" }).min(1).max(staffBookingsMaxPage).default(1),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.from > query.to) context.addIssue({ code: "custom", path: ["to"], message: "validation.dateOrder" });
  });
export type StaffBookingsQuery = z.infer<typeof staffBookingsQuerySchema>;

const bookingStatusSchema = z.enum(bookingStatuses);
const paymentOptionSchema = z.enum(paymentOptions);
const companionTypeSchema = z.enum(["non_playing", "golf_playing", "driver", "co_driver"]);

export const staffBookingRowSchema = z.object({
  uuid: z.string().uuid(),
  code: z.string().nullable(),
  status: bookingStatusSchema,
  event: z.object({ uuid: z.string().uuid(), title: z.string() }),
  main_participant: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  places: z.number().int(),
  total_cents: z.number().int(),
  paid_cents: z.number().int(),
  payment_option: paymentOptionSchema.nullable(),
  payment_state: z.enum(paymentStates),
  sma_status: z.enum(["none", "requested", "verified", "rejected"]),
  submitted_at: z.string().nullable(),
});
export type StaffBookingRow = z.infer<typeof staffBookingRowSchema>;

export const staffBookingsResponseSchema = z.object({
  data: z.array(staffBookingRowSchema),
  meta: z.object({
    page: z.number().int(),
    page_size: z.number().int(),
    /** Every booking the search and filters match, on all pages. */
    total: z.number().int(),
    page_count: z.number().int(),
  }),
});
export type StaffBookingsPage = z.infer<typeof staffBookingsResponseSchema>;

export const staffBookingParamsSchema = z.object({ uuid: z.string().uuid() });
export const staffBookingUploadParamsSchema = z.object({ uuid: z.string().uuid(), uploadUuid: z.string().uuid() });

const personSchema = z.object({
  uuid: z.string().uuid(),
  role: z.enum(["main", "companion"]),
  companion_type: companionTypeSchema.nullable(),
  name: z.string(),
  company: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.object({ street: z.string().nullable(), postcode: z.string().nullable(), city: z.string().nullable(), country: z.string().nullable() }),
});

const vehicleDaySchema = z.object({
  day: z.number().int(),
  date: z.string(),
  resources: z.array(
    z.object({
      kind: z.enum(["vehicle", "instructor", "pit_box", "technical_support"]),
      key: z.string(),
      label: z.string(),
      quantity: z.number().int(),
      /** Given back to stock (the hold ran out); kept so staff see what was once reserved. */
      released: z.boolean(),
    }),
  ),
});

const paymentSchema = z.object({
  uuid: z.string().uuid(),
  kind: z.enum(["deposit", "balance", "full"]),
  status: z.enum(["pending", "requires_action", "succeeded", "failed", "expired", "refund_pending", "refunded"]),
  amount_cents: z.number().int(),
  /** Given back so far (staff refunds); what is left to refund is amount − refunded for a succeeded payment. */
  refunded_cents: z.number().int(),
  currency: z.string(),
  provider: z.string(),
  /** Card through the provider, or money staff recorded (bank transfer, cash, other). */
  method: z.enum(paymentMethods),
  /** The day the money arrived. */
  received_on: z.string().nullable(),
  provider_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** What went back of it: through the provider, or paid out by the operator and recorded. */
  refunds: z.array(
    z.object({
      amount_cents: z.number().int(),
      channel: z.enum(["provider", "recorded"]),
      paid_out_on: z.string().nullable(),
      reference: z.string().nullable(),
      provider_reference: z.string().nullable(),
      staff_email: z.string(),
    }),
  ),
  created_at: z.string(),
  succeeded_at: z.string().nullable(),
  updated_at: z.string(),
});

const priceLineSchema = z.object({
  kind: z.enum(["participant", "companion", "vehicle", "instructor", "addon", "option", "cancellation_fee", "discount"]),
  key: z.string(),
  label: z.string(),
  quantity: z.number().int().nonnegative(),
  unit_cents: z.number().int(),
  total_cents: z.number().int(),
});


const emailSchema = z.object({
  uuid: z.string().uuid(),
  template: z.string(),
  to: z.string(),
  locale: z.string(),
  /** Not stored: rendered again from the template and its payload in the mail's language; null if it no longer renders. */
  subject: z.string().nullable(),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});

const auditEntrySchema = z.object({
  at: z.string(),
  subject: z.enum(["booking", "payment"]),
  payment_uuid: z.string().uuid().nullable(),
  /** The staff member who caused it, when the audit row names one. */
  actor: z.object({ uuid: z.string().nullable(), email: z.string().nullable() }).nullable(),
  cause: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

export const staffBookingDetailSchema = z.object({
  uuid: z.string().uuid(),
  code: z.string().nullable(),
  status: bookingStatusSchema,
  locale: z.string(),
  event: z.object({ uuid: z.string().uuid(), title: z.string(), starts_on: z.string(), ends_on: z.string() }),
  account_uuid: z.string().uuid().nullable(),
  submitted_at: z.string().nullable(),
  hold_expires_at: z.string().nullable(),
  sma: z.object({ status: z.enum(["none", "requested", "verified", "rejected"]), blocking: z.boolean() }),
  people: z.array(personSchema),
  /** In the caller's language (choice labels, dates, countries, yes/no), as "manage my booking" reads them. */
  answers: z.array(bookingAnswerSchema),
  billing_address: z.record(z.string(), z.string()).nullable(),
  additional_comments: z.string().nullable(),
  uploads: z.array(uploadViewSchema),
  vehicles: z.array(vehicleDaySchema),
  money: z.object({
    payment_option: paymentOptionSchema.nullable(),
    payment_state: z.enum(paymentStates),
    total_cents: z.number().int(),
    paid_cents: z.number().int(),
    deposit_cents: z.number().int(),
    remainder_cents: z.number().int(),
    remainder_due_on: z.string().nullable(),
    /** The booking account (decision 067): every figure of the money panel. */
    account: accountViewSchema,
    /**
     * Its price lines as its invoice prints them, labelled in the caller's language (issue 28): the
     * main participant, companions by type, vehicles and extras (quantity = days), priced choices.
     */
    lines: z.array(priceLineSchema),
    /** A reduction staff granted (goodwill): the booking owes that much less than its lines. */
    credited_cents: z.number().int().nonnegative(),
    /** What the operator kept of a cancelled booking; null when it was not cancelled. */
    cancellation_fee_cents: z.number().int().nonnegative().nullable(),
  }),
  payments: z.array(paymentSchema),
  invoices: z.array(invoiceSummarySchema),
  emails: z.array(emailSchema),
  audit: z.array(auditEntrySchema),
});
export type StaffBookingDetail = z.infer<typeof staffBookingDetailSchema>;

export const staffBookingDetailResponseSchema = z.object({ data: staffBookingDetailSchema });
