import type en from "../i18n/locales/en/common.json";
import { bookingEventAllowed } from "./booking-state-machine";
import type { BookingStatus } from "./booking-status";

/**
 * Which of a booking's e-mails may be sent again, and which bulk action fits a booking, from the
 * booking's state alone (issue 28): a mail says something about the booking ("pay now, your places
 * are held", "we will call you", "your booking is cancelled"), and sending it again when that is no
 * longer true surprises the customer. Pure: the single "send again" (server/staff/bookings/resend-email.ts),
 * the bulk plan and its execution (server/staff/bookings/bulk-booking-action.ts) all ask here.
 */

export type MailFitBooking = {
  status: BookingStatus;
  paymentOption: "credit_card" | "invoice" | "sma" | null;
  smaStatus: "none" | "requested" | "verified" | "rejected";
  /** What has arrived so far: a mail asking for the first payment is stale once anything was paid. */
  paidCents: number;
};

/** Why a mail does not fit; each has its message (`api.mailUnfit.*` in the catalogues, by the server's map). */
export const mailRefusals = [
  /** The booking is cancelled: the mail would confirm it, ask for money or promise a call. */
  "booking_cancelled",
  /** The request was rejected. */
  "booking_rejected",
  /** The hold ran out: the mail's deadline and held places are gone. */
  "booking_expired",
  /** Never submitted (the desk does not see drafts; for completeness). */
  "booking_not_submitted",
  /** The mail asks for a payment that has (partly) arrived meanwhile. */
  "already_paid",
  /** The mail says staff will call, but the request was decided. */
  "sma_decided",
  /** The mail says the request was verified, and it was not. */
  "sma_not_verified",
  /** The mail says the request was rejected, and it was not. */
  "sma_not_rejected",
  /** The mail says the booking is cancelled, and it is not. */
  "not_cancelled",
  /** The mail asks for the remainder, and none is due in this state. */
  "no_balance_due",
  /** An account or waitlist mail, not about this booking (a password link must not be sent twice). */
  "not_a_booking_mail",
] as const;
export type MailRefusal = (typeof mailRefusals)[number];

export type MailFit = { fits: true } | { fits: false; reason: MailRefusal };

/** Each refusal's message, a key of the catalogues' `api` texts (thrown as the verb's 409). */
export const mailRefusalMessages = {
  booking_cancelled: "mailUnfitBookingCancelled",
  booking_rejected: "mailUnfitBookingRejected",
  booking_expired: "mailUnfitBookingExpired",
  booking_not_submitted: "mailUnfitBookingNotSubmitted",
  already_paid: "mailUnfitAlreadyPaid",
  sma_decided: "mailUnfitSmaDecided",
  sma_not_verified: "mailUnfitSmaNotVerified",
  sma_not_rejected: "mailUnfitSmaNotRejected",
  not_cancelled: "mailUnfitNotCancelled",
  no_balance_due: "mailUnfitNoBalanceDue",
  not_a_booking_mail: "mailUnfitNotABookingMail",
} as const satisfies Record<MailRefusal, keyof (typeof en)["api"]>;

const fits: MailFit = { fits: true };
const refused = (reason: MailRefusal): MailFit => ({ fits: false, reason });

/** A booking that is over: nothing but a receipt or the news that it is over fits it. */
function closed(booking: MailFitBooking): MailFit | null {
  switch (booking.status) {
    case "cancelled":
      return refused("booking_cancelled");
    case "rejected":
      return refused("booking_rejected");
    case "expired":
      return refused("booking_expired");
    case "draft":
      return refused("booking_not_submitted");
    default:
      return null;
  }
}

type Rule = (booking: MailFitBooking) => MailFit;

/** Fits every submitted booking: a fact that stays true (a refund made, a message staff wrote, a link). */
const always: Rule = (booking) => (booking.status === "draft" ? refused("booking_not_submitted") : fits);
/** Fits while the booking is not over (a receipt that ends "we look forward to seeing you", an invoice asking to transfer). */
const whileOpen: Rule = (booking) => closed(booking) ?? fits;
const notForBookings: Rule = () => refused("not_a_booking_mail");

/** Staff still have to call: the request is in review and undecided. */
const awaitingCall: Rule = (booking) => {
  if (booking.status === "in_review" && booking.smaStatus === "requested") return fits;
  return closed(booking) ?? refused("sma_decided");
};

/**
 * Every template the site sends, with its rule. The server checks that this list and its own list of
 * templates are one (server/staff/bookings/resend-email.ts), so a new template is a compile error until it has a rule.
 */
export const mailFitRules = {
  /**
   * The confirmation: a card booking's says "pay now, your places are held until …", an invoice
   * booking's "please transfer the deposit", a request's (SMA) "we will call you to verify".
   */
  "booking-received": (booking) => {
    const over = closed(booking);
    if (over) return over;
    if (booking.paymentOption === "sma") return awaitingCall(booking);
    return booking.paidCents > 0 ? refused("already_paid") : fits;
  },
  invoice: whileOpen,
  /** Issued documents stay true: a cancellation invoice and the invoice that replaced it. */
  "invoice-corrected": always,
  "payment-received": whileOpen,
  "transfer-received": whileOpen,
  "booking-details-changed": whileOpen,
  /** The customer took a companion off; staff reversed a cancellation: the booking's figures then, while it stands. */
  "companion-removed": whileOpen,
  "cancellation-reversed": whileOpen,
  /** Whose waiver is still missing (decision 080): only while the booking is open. */
  "waiver-reminder": whileOpen,
  "refund-issued": always,
  "staff-message": always,
  "manage-link": always,
  /** To staff: a payment to refund by hand stays to refund whatever the booking's state. */
  "payment-refund-needed": always,
  /** To staff: "please call the customer". */
  "sma-requested": awaitingCall,
  "balance-due": (booking) => {
    const over = closed(booking);
    if (over) return over;
    if (booking.status === "paid") return refused("already_paid");
    return booking.status === "confirmed" ? fits : refused("no_balance_due");
  },
  /** "Your request is confirmed: continue to payment." */
  "sma-verified": (booking) => {
    const over = closed(booking);
    if (over) return over;
    if (booking.smaStatus !== "verified") return refused("sma_not_verified");
    return booking.status === "paid" ? refused("already_paid") : fits;
  },
  "sma-rejected": (booking) => (booking.status === "rejected" ? fits : refused("sma_not_rejected")),
  "booking-cancelled": (booking) => (booking.status === "cancelled" ? fits : refused("not_cancelled")),
  "waitlist-offer": notForBookings,
  "waitlist-joined": notForBookings,
  "bookings-open": notForBookings,
  "verify-email": notForBookings,
  "password-reset": notForBookings,
  "account-activation": notForBookings,
  "account-deleted": notForBookings,
  "password-changed": notForBookings,
  "staff-invitation": notForBookings,
} as const satisfies Record<string, Rule>;

export type RuledMailTemplate = keyof typeof mailFitRules;

const isRuled = (template: string): template is RuledMailTemplate => Object.hasOwn(mailFitRules, template);

/** Whether the booking's mail of `template` may be sent again now; an unknown template never. */
export function mailFit(template: string, booking: MailFitBooking): MailFit {
  return isRuled(template) ? mailFitRules[template](booking) : refused("not_a_booking_mail");
}

// ── Bulk actions ───────────────────────────────────────────────────────────────────────────────

export type BulkActionName = "resend_confirmation" | "cancel";

export type BulkRefusal = MailRefusal | "already_cancelled" | "not_cancellable";
export type BulkFit = { fits: true } | { fits: false; reason: BulkRefusal };

/** Each bulk refusal's message (`api` texts): a mail's, or the cancellation's own. */
export const bulkRefusalMessages = {
  ...mailRefusalMessages,
  already_cancelled: "bookingAlreadyCancelled",
  not_cancellable: "bookingNotCancellable",
} as const satisfies Record<BulkRefusal, keyof (typeof en)["api"]>;

/**
 * Whether a bulk action fits one booking: resending its confirmation as the mail rule says, cancelling
 * as the state machine allows staff to (`cancelled_by_staff`).
 */
export function bulkActionFit(action: BulkActionName, booking: MailFitBooking): BulkFit {
  if (action === "resend_confirmation") return mailFit("booking-received", booking);
  if (bookingEventAllowed(booking.status, "cancelled_by_staff")) return { fits: true };
  return { fits: false, reason: booking.status === "cancelled" ? "already_cancelled" : "not_cancellable" };
}
