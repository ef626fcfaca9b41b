import { z } from "zod";
import { locales } from "../../core/i18n/locales";

/** How long an e-mail verification link stays valid; the account feature must issue tokens with this expiry. */
export const verifyEmailValidHours = 48;
/** How long a waitlist offer holds its places (PRODUCT.md "Waitlist"); the offer job expires it then. */
export const waitlistOfferValidHours = 48;

// Links end up in `href`s: only http(s), so a stored payload can never carry a `javascript:` URL.
const linkSchema = z.url({ protocol: /^https?$/ });
const nameSchema = z.string().trim().min(1).max(200);

export const verifyEmailPayloadSchema = z.object({ name: nameSchema, verifyUrl: linkSchema });
export const passwordResetPayloadSchema = z.object({ name: nameSchema, resetUrl: linkSchema, expiresInMinutes: z.number().int().positive() });
/** "Create a customer account" while booking: the link sets the first password (decision 022: not a reset). */
export const accountActivationPayloadSchema = z.object({ name: nameSchema, activateUrl: linkSchema, validDays: z.number().int().positive() });
export const accountDeletedPayloadSchema = z.object({ name: nameSchema });
/** The security notice after a password change; `resetUrl` is the page that asks for a reset link (issue 32). */
export const passwordChangedPayloadSchema = z.object({ name: nameSchema, changedAt: z.iso.datetime({ offset: true }), resetUrl: linkSchema });
/** An admin invited someone to the back office: the link sets the password (decision 027). */
export const staffInvitationPayloadSchema = z.object({
  name: nameSchema,
  inviterName: nameSchema,
  role: z.enum(["staff", "admin"]),
  acceptUrl: linkSchema,
  validDays: z.number().int().positive(),
});

const isoDateSchema = z.iso.date();
const instantSchema = z.iso.datetime({ offset: true });
const centsSchema = z.number().int().nonnegative();
const textSchema = z.string().trim().min(1).max(500);

/**
 * The booking account as every money mail shows it (core/domain/booking-account.ts, decision 067): the
 * same figures as the manage page and the back office on the day the mail was written. Optional in
 * the payloads only so that mails queued before it existed still send.
 */
export const emailAccountSchema = z
  .object({
    totalCents: centsSchema,
    owedCents: centsSchema,
    paidCents: centsSchema,
    refundedCents: centsSchema,
    netPaidCents: centsSchema,
    outstandingCents: centsSchema,
    creditCents: centsSchema,
    dueNowCents: centsSchema,
    dues: z.array(
      z.object({
        kind: z.enum(["deposit", "balance", "full"]),
        amountCents: centsSchema,
        outstandingCents: centsSchema,
        dueOn: isoDateSchema.nullable(),
        fallenDue: z.boolean(),
      }),
    ),
  })
  .refine((account) => account.netPaidCents === account.paidCents - account.refundedCents, { message: "net paid is paid less refunded" })
  .refine((account) => account.outstandingCents - account.creditCents === account.owedCents - account.netPaidCents, {
    message: "outstanding must be what is owed less what is paid",
  });
export type EmailAccount = z.infer<typeof emailAccountSchema>;

export const bookingReceivedPayloadSchema = z
  .object({
    name: nameSchema,
    code: z.string().trim().min(1).max(40),
    eventTitle: textSchema,
    startsOn: isoDateSchema,
    endsOn: isoDateSchema,
    location: textSchema,
    people: z
      .array(
        z.object({
          name: nameSchema,
          role: z.enum(["main", "companion"]),
          companionType: z.enum(["non_playing", "golf_playing", "driver", "co_driver"]).optional(),
          /** The person's own waiver sign link when the event asks them to sign (decision 080). */
          waiverUrl: linkSchema.optional(),
        }),
      )
      .min(1),
    lines: z.array(z.object({ label: textSchema, amountCents: centsSchema })).min(1),
    /** What was booked on each event day (vehicles, instructors, add-ons), as the manage page lists it (issue 32); absent in mails queued before. */
    days: z.array(z.object({ day: z.number().int().positive(), date: isoDateSchema, items: z.array(textSchema).min(1) })).optional(),
    totalCents: centsSchema,
    depositCents: centsSchema,
    remainderCents: centsSchema,
    remainderDueOn: isoDateSchema.nullable(),
    paymentOption: z.enum(["credit_card", "invoice", "sma"]),
    holdExpiresAt: instantSchema,
    /** "Manage my booking" (server/bookings/manage-links.ts): in every booking e-mail, guests too. */
    manageUrl: linkSchema,
    /** The pay link of a card booking whose places are held; null for the other payment options. */
    payUrl: linkSchema.nullable(),
    account: emailAccountSchema.optional(),
    /** What the law says about withdrawing from this event, from the site's legal settings (issue 30); absent in mails queued before. */
    withdrawalNotice: z.string().trim().min(1).max(2000).optional(),
  })
  // The mail states what is due now and later: both parts must add up, and a remainder needs its date.
  .refine((payload) => payload.depositCents + payload.remainderCents === payload.totalCents, {
    message: "deposit and remainder must add up to the total",
    path: ["remainderCents"],
  })
  .refine((payload) => payload.remainderCents === 0 || payload.remainderDueOn !== null, {
    message: "a remainder needs its due date",
    path: ["remainderDueOn"],
  })
  // A card booking is not booked until paid: its mail must carry the way to pay (issue 12).
  .refine((payload) => payload.paymentOption !== "credit_card" || payload.payUrl !== null, {
    message: "a card booking's mail needs its pay link",
    path: ["payUrl"],
  });

export const waitlistOfferPayloadSchema = z.object({
  name: nameSchema,
  eventTitle: textSchema,
  startsOn: isoDateSchema,
  partySize: z.number().int().positive(),
  offerUrl: linkSchema,
  expiresAt: instantSchema,
});

/** A waitlist sign-up's confirmation (issue 32): its place in the queue and the signed link to leave it. */
export const waitlistJoinedPayloadSchema = z.object({
  name: nameSchema,
  eventTitle: textSchema,
  startsOn: isoDateSchema,
  partySize: z.number().int().positive(),
  position: z.number().int().positive(),
  leaveUrl: linkSchema,
});

export const paymentReceivedPayloadSchema = z
  .object({
    name: nameSchema,
    code: z.string().trim().min(1).max(40),
    eventTitle: textSchema,
    startsOn: isoDateSchema,
    amountCents: z.number().int().positive(),
    paidCents: centsSchema,
    totalCents: centsSchema,
    remainderDueOn: isoDateSchema.nullable(),
    manageUrl: linkSchema,
    account: emailAccountSchema.optional(),
  })
  .refine((payload) => payload.paidCents <= payload.totalCents, { message: "paid more than the total", path: ["paidCents"] });

/** To the operator's staff: money came in that the site could not keep; a person must refund it. */
export const paymentRefundNeededPayloadSchema = z.object({
  code: z.string().trim().min(1).max(60),
  paymentId: z.string().uuid(),
  provider: z.string().min(1).max(40),
  providerReference: z.string().min(1).max(200),
  amountCents: z.number().int().positive(),
  reason: textSchema,
});

export const balanceDuePayloadSchema = z.object({
  name: nameSchema,
  code: z.string().trim().min(1).max(40),
  eventTitle: textSchema,
  startsOn: isoDateSchema,
  amountCents: z.number().int().positive(),
  dueOn: isoDateSchema,
  /** A later reminder, not the first notice. */
  reminder: z.boolean(),
  payUrl: linkSchema,
  manageUrl: linkSchema,
  account: emailAccountSchema.optional(),
});

export const smaVerifiedPayloadSchema = z.object({
  name: nameSchema,
  code: z.string().trim().min(1).max(40),
  eventTitle: textSchema,
  /** What the customer pays now (deposit or full amount); 0 when nothing is due. */
  amountCents: centsSchema,
  payUrl: linkSchema,
  manageUrl: linkSchema,
  account: emailAccountSchema.optional(),
});

export const smaRejectedPayloadSchema = z.object({
  name: nameSchema,
  code: z.string().trim().min(1).max(40),
  eventTitle: textSchema,
  eventsUrl: linkSchema,
  manageUrl: linkSchema,
});

/** To staff: a booking request (SMA) arrived; call the customer, then verify or reject it. */
export const smaRequestedPayloadSchema = z.object({
  code: z.string().trim().min(1).max(40),
  bookingId: z.string().uuid(),
  eventTitle: textSchema,
  name: nameSchema,
  phone: z.string().min(1).max(60),
  email: z.string().min(3).max(320),
  people: z.number().int().positive(),
  totalCents: centsSchema,
  customerLocale: z.enum(locales),
  /**
   * The booking's page in the back office, absolute (from the site's public origin), where staff verify or reject it.
   * Optional because a mail queued before the link existed must still parse and go out (without the button).
   */
  backOfficeUrl: z.url().optional(),
});

/** To a "notify me" sign-up when the event's bookings open (server/catalog/opening-notices.ts). */
export const bookingsOpenPayloadSchema = z.object({
  email: z.email(),
  eventTitle: textSchema,
  startsOn: isoDateSchema,
  endsOn: isoDateSchema,
  location: textSchema,
  eventUrl: linkSchema,
});

/** The invoice's snapshot (server/invoices/render-invoice-pdf.ts InvoiceData), checked for what the mail itself shows. */
const invoiceSnapshotSchema = z
  .object({
    invoiceNumber: z.string().min(1),
    issuedOn: isoDateSchema,
    bookingCode: z.string(),
    totalCents: centsSchema,
    lines: z.array(z.unknown()).min(1),
    /** A card booking's invoice (issued with its first payment): what was paid, what is still due by when. */
    paidByCard: z.boolean().optional(),
    paidCents: centsSchema.optional(),
    stillDue: z.array(z.object({ amountCents: centsSchema, dueOn: isoDateSchema.nullable() })).optional(),
  })
  .passthrough();

export const invoicePayloadSchema = z.object({
  name: nameSchema,
  code: z.string().trim().min(1).max(40),
  eventTitle: textSchema,
  invoiceNumber: z.string().min(1).max(40),
  totalCents: centsSchema,
  depositCents: centsSchema,
  remainderCents: centsSchema,
  remainderDueOn: isoDateSchema.nullable(),
  bookingsUrl: linkSchema,
  /** Rendered to the attached PDF when the mail is sent. */
  invoice: invoiceSnapshotSchema,
});

/**
 * A booking's invoice corrected (issue 28): the cancellation invoices issued and the invoice that
 * replaces them (null when nothing is owed any more). Each is rendered to an attached PDF.
 */
export const invoiceCorrectedPayloadSchema = z.object({
  name: nameSchema,
  code: z.string().trim().min(1).max(40),
  eventTitle: textSchema,
  bookingsUrl: linkSchema,
  cancellations: z
    .array(invoiceSnapshotSchema.and(z.object({ kind: z.literal("cancellation"), cancels: z.object({ invoiceNumber: z.string().min(1), issuedOn: isoDateSchema }) })))
    .min(1),
  invoice: invoiceSnapshotSchema.nullable(),
  account: emailAccountSchema.optional(),
});

/** "Send me a new link" on the manage page (decision 023): the new private link of the booking. */
export const manageLinkPayloadSchema = z.object({
  name: nameSchema,
  code: z.string().trim().min(1).max(40),
  eventTitle: textSchema,
  manageUrl: linkSchema,
});

const bookingCodeSchema = z.string().trim().min(1).max(40);
const staffReasonSchema = z.string().trim().min(1).max(1000).nullable();

/** Staff cancelled the booking (server/staff/bookings/cancel-booking.ts); `refundCents` 0 when nothing goes back. */
export const bookingCancelledPayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  reason: staffReasonSchema,
  refundCents: centsSchema,
  manageUrl: linkSchema,
  account: emailAccountSchema.optional(),
});

/** Staff changed the booking's answers or companions (server/staff/bookings/booking-edit-support.ts): each change from → to, and the money afterwards. */
export const bookingDetailsChangedPayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  changes: z
    .array(z.object({ label: z.string().min(1).max(500), from: z.string().max(5000), to: z.string().max(5000) }))
    .min(1)
    .max(200),
  totalCents: centsSchema,
  paidCents: centsSchema,
  manageUrl: linkSchema,
  account: emailAccountSchema.optional(),
});

/** Staff gave money back through the card provider (server/staff/bookings/refund-booking.ts). */
export const refundIssuedPayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  amountCents: z.number().int().positive(),
  reason: staffReasonSchema,
  manageUrl: linkSchema,
  account: emailAccountSchema.optional(),
});

/** Staff recorded a bank transfer (server/staff/bookings/record-transfer.ts); `paidCents` may exceed the total (overpaid). */
export const transferReceivedPayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  amountCents: z.number().int().positive(),
  receivedOn: isoDateSchema,
  paidCents: centsSchema,
  totalCents: centsSchema,
  manageUrl: linkSchema,
  account: emailAccountSchema.optional(),
});

/** The customer took a companion off their booking on the manage page (server/bookings/remove-companion-by-customer.ts, decision 075). */
export const companionRemovedPayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  companionName: nameSchema,
  feeCents: centsSchema,
  cardRefundCents: centsSchema,
  queuedRefundCents: centsSchema,
  totalCents: centsSchema,
  /** The booking was invoiced: a corrected invoice follows in its own mail. */
  invoiceCorrected: z.boolean(),
  manageUrl: linkSchema,
  account: emailAccountSchema,
});

/** Staff reversed the customer's cancellation (server/staff/bookings/reverse-cancellation.ts): confirmed again, and what is owed. */
export const cancellationReversedPayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  manageUrl: linkSchema,
  account: emailAccountSchema,
});

/** A free message from staff to the main participant (server/staff/bookings/send-message.ts): plain text, escaped when rendered. */
export const staffMessagePayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  subject: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(5000),
  manageUrl: linkSchema,
  /** Where the customer's reply goes (the operator's support address; issue 31): the mail's Reply-To. */
  replyTo: z.email().optional(),
});

/** Before the event: whose waiver is still missing, each with their own sign link (decision 080). */
export const waiverReminderPayloadSchema = z.object({
  name: nameSchema,
  code: bookingCodeSchema,
  eventTitle: textSchema,
  startsOn: isoDateSchema,
  people: z.array(z.object({ name: nameSchema, url: linkSchema })).min(1),
  manageUrl: linkSchema,
});

/**
 * Every e-mail the site sends, by template name with its typed payload. The same schema checks the
 * payload when a mail is enqueued and again when the worker reads it back from the jsonb column.
 */
export const emailMessageSchema = z.discriminatedUnion("template", [
  z.object({ template: z.literal("verify-email"), payload: verifyEmailPayloadSchema }),
  z.object({ template: z.literal("password-reset"), payload: passwordResetPayloadSchema }),
  z.object({ template: z.literal("account-activation"), payload: accountActivationPayloadSchema }),
  z.object({ template: z.literal("account-deleted"), payload: accountDeletedPayloadSchema }),
  z.object({ template: z.literal("password-changed"), payload: passwordChangedPayloadSchema }),
  z.object({ template: z.literal("booking-received"), payload: bookingReceivedPayloadSchema }),
  z.object({ template: z.literal("waitlist-offer"), payload: waitlistOfferPayloadSchema }),
  z.object({ template: z.literal("waitlist-joined"), payload: waitlistJoinedPayloadSchema }),
  z.object({ template: z.literal("payment-received"), payload: paymentReceivedPayloadSchema }),
  z.object({ template: z.literal("payment-refund-needed"), payload: paymentRefundNeededPayloadSchema }),
  z.object({ template: z.literal("invoice"), payload: invoicePayloadSchema }),
  z.object({ template: z.literal("invoice-corrected"), payload: invoiceCorrectedPayloadSchema }),
  z.object({ template: z.literal("balance-due"), payload: balanceDuePayloadSchema }),
  z.object({ template: z.literal("sma-verified"), payload: smaVerifiedPayloadSchema }),
  z.object({ template: z.literal("sma-rejected"), payload: smaRejectedPayloadSchema }),
  z.object({ template: z.literal("sma-requested"), payload: smaRequestedPayloadSchema }),
  z.object({ template: z.literal("manage-link"), payload: manageLinkPayloadSchema }),
  z.object({ template: z.literal("bookings-open"), payload: bookingsOpenPayloadSchema }),
  z.object({ template: z.literal("staff-invitation"), payload: staffInvitationPayloadSchema }),
  z.object({ template: z.literal("booking-cancelled"), payload: bookingCancelledPayloadSchema }),
  z.object({ template: z.literal("refund-issued"), payload: refundIssuedPayloadSchema }),
  z.object({ template: z.literal("companion-removed"), payload: companionRemovedPayloadSchema }),
  z.object({ template: z.literal("cancellation-reversed"), payload: cancellationReversedPayloadSchema }),
  z.object({ template: z.literal("transfer-received"), payload: transferReceivedPayloadSchema }),
  z.object({ template: z.literal("staff-message"), payload: staffMessagePayloadSchema }),
  z.object({ template: z.literal("booking-details-changed"), payload: bookingDetailsChangedPayloadSchema }),
  z.object({ template: z.literal("waiver-reminder"), payload: waiverReminderPayloadSchema }),
]);

export type EmailMessage = z.infer<typeof emailMessageSchema>;
export type EmailTemplateName = EmailMessage["template"];
export type EmailPayload<T extends EmailTemplateName> = Extract<EmailMessage, { template: T }>["payload"];

export type VerifyEmailPayload = EmailPayload<"verify-email">;
export type PasswordResetPayload = EmailPayload<"password-reset">;
export type AccountActivationPayload = EmailPayload<"account-activation">;
export type AccountDeletedPayload = EmailPayload<"account-deleted">;
export type PasswordChangedPayload = EmailPayload<"password-changed">;
export type StaffInvitationPayload = EmailPayload<"staff-invitation">;
export type BookingReceivedPayload = EmailPayload<"booking-received">;
export type WaitlistOfferPayload = EmailPayload<"waitlist-offer">;
export type WaitlistJoinedPayload = EmailPayload<"waitlist-joined">;
export type PaymentReceivedPayload = EmailPayload<"payment-received">;
export type PaymentRefundNeededPayload = EmailPayload<"payment-refund-needed">;
export type InvoicePayload = EmailPayload<"invoice">;
export type InvoiceCorrectedPayload = EmailPayload<"invoice-corrected">;
export type BalanceDuePayload = EmailPayload<"balance-due">;
export type SmaVerifiedPayload = EmailPayload<"sma-verified">;
export type SmaRejectedPayload = EmailPayload<"sma-rejected">;
export type SmaRequestedPayload = EmailPayload<"sma-requested">;
export type ManageLinkPayload = EmailPayload<"manage-link">;
export type BookingsOpenPayload = EmailPayload<"bookings-open">;
export type BookingCancelledPayload = EmailPayload<"booking-cancelled">;
export type RefundIssuedPayload = EmailPayload<"refund-issued">;
export type CompanionRemovedPayload = EmailPayload<"companion-removed">;
export type CancellationReversedPayload = EmailPayload<"cancellation-reversed">;
export type TransferReceivedPayload = EmailPayload<"transfer-received">;
export type StaffMessagePayload = EmailPayload<"staff-message">;
export type BookingDetailsChangedPayload = EmailPayload<"booking-details-changed">;
export type WaiverReminderPayload = EmailPayload<"waiver-reminder">;

/** A stored mail that no longer matches its template: retrying cannot help, so the worker gives up at once. */
export class InvalidEmailMessageError extends Error {
  override readonly name = "InvalidEmailMessageError";
}

export function parseEmailMessage(input: { template: string; payload: unknown }): EmailMessage {
  const result = emailMessageSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "template"}: ${issue.message}`).join("; ");
    throw new InvalidEmailMessageError(`Invalid "${input.template}" e-mail: ${problems}`);
  }
  return result.data;
}
