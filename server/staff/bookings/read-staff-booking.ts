import { invoiceSummariesOf } from "../../invoices/invoice-summaries";
import { asc, eq, inArray, sql } from "drizzle-orm";
import { pickLocale } from "../../../core/contracts/localized-text";
import type { PaymentState, StaffBookingDetail } from "../../../core/contracts/staff-bookings";
import { addDays } from "../../../core/domain/dates";
import type { Actor } from "../../../core/domain/permissions";
import type { Locale } from "../../../core/i18n/locales";
import { authorize } from "../../auth/authorize";
import { answerText } from "../../bookings/manage-answer-text";
import { getBookingForm } from "../../catalog/forms";
import type { Queryable } from "../../db/client";
import {
  bookingEvents,
  bookings,
  eventDayResources,
  eventPrices,
  events,
  invoices,
  outboxEmails,
  participants,
  resourceReservations,
  uploads,
  users,
} from "../../db/schema";
import { emailSubjectOf } from "../../email/render-email";
import { AppError } from "../../errors";
import { accountViewOf } from "../../../core/contracts/booking-account";
import { accountOf, readLedger } from "../../bookings/booking-account";
import { labelledPriceLines } from "../../bookings/price-lines";
import { toUploadView } from "../../uploads/store-upload";
import { paymentStateOf } from "./list-staff-bookings";

type ReadDeps = { db: Queryable; now: () => Date };

/** A submitted booking and its event; a draft or an unknown uuid is "not found" (the desk never sees drafts). */
export async function findSubmittedBooking(db: Queryable, bookingId: string) {
  const [row] = await db
    .select({ booking: bookings, event: events, paymentState: sql<PaymentState>`${paymentStateOf}` })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!row || row.booking.status === "draft") throw new AppError("NOT_FOUND", "bookingNotFound");
  return row;
}

const textOrNull = (value: unknown) => (typeof value === "string" && value ? value : null);

/**
 * Who caused an audit row: staff verbs write `staffId` (and `staffEmail`) into its details
 * (sma-review.ts); the e-mail is looked up when only the id was recorded.
 */
function auditActor(details: Record<string, unknown> | null, emails: Map<string, string>) {
  const id = textOrNull(details?.staffId);
  const email = textOrNull(details?.staffEmail) ?? (id ? (emails.get(id) ?? null) : null);
  return id || email ? { uuid: id, email } : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `GET api/staff/bookings/{uuid}`: everything the desk needs about one submitted booking (decision 028). Staff only. */
export async function readStaffBooking(deps: ReadDeps, actor: Actor, input: { bookingId: string; locale: Locale }): Promise<StaffBookingDetail> {
  authorize(actor, "staff.bookings.read", null);
  const { db } = deps;
  const { locale } = input;
  const { booking, event, paymentState } = await findSubmittedBooking(db, input.bookingId);
  // The form version the booking was made on (decision 036), also when the event has since been unpublished.
  const form = await getBookingForm({ db }, locale, booking, deps.now());
  const [people, files, reserved, prices, ledger, invoiceRows, audit, lines] = await Promise.all([
    db.select().from(participants).where(eq(participants.bookingId, booking.id)).orderBy(asc(participants.position)),
    db.select().from(uploads).where(eq(uploads.bookingId, booking.id)).orderBy(asc(uploads.createdAt)),
    db
      .select({
        day: eventDayResources.day,
        kind: eventDayResources.kind,
        key: eventDayResources.key,
        quantity: resourceReservations.quantity,
        releasedAt: resourceReservations.releasedAt,
      })
      .from(resourceReservations)
      .innerJoin(eventDayResources, eq(eventDayResources.id, resourceReservations.resourceId))
      .where(eq(resourceReservations.bookingId, booking.id))
      .orderBy(asc(eventDayResources.day), asc(eventDayResources.key)),
    db.select({ key: eventPrices.key, label: eventPrices.label }).from(eventPrices).where(eq(eventPrices.eventId, event.id)),
    readLedger(db, booking.id),
    db.select().from(invoices).where(eq(invoices.bookingId, booking.id)).orderBy(asc(invoices.createdAt), asc(invoices.number)),
    db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id)).orderBy(asc(bookingEvents.at), asc(bookingEvents.id)),
    // The lines its invoice prints, in the reader's language (issue 28).
    labelledPriceLines(db, booking, locale),
  ]);
  // Booking mails carry the booking's code in their payload (email-messages.ts); outbox_emails_booking_code_idx finds them.
  const mails = booking.code
    ? await db
        .select()
        .from(outboxEmails)
        .where(sql`${outboxEmails.payload} ->> 'code' = ${booking.code}`)
        .orderBy(asc(outboxEmails.createdAt))
    : [];
  const staffIds = [...new Set(audit.map((row) => textOrNull(row.details?.staffId)).filter((id): id is string => id !== null && uuidPattern.test(id)))];
  const staffEmails = new Map(
    staffIds.length
      ? (await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, staffIds))).map((row) => [row.id, row.email])
      : [],
  );

  const uploadViews = files.map(toUploadView);
  const answers = form.pages.flatMap((page) =>
    page.items.flatMap((item) => {
      const value = booking.answers[item.uuid];
      const text = answerText({ item, value, locale, uploads: uploadViews });
      return text === null ? [] : [{ item_uuid: item.uuid, page_title: page.title, label: item.label, kind: item.kind, value, text }];
    }),
  );
  const labelOf = (key: string) => {
    const price = prices.find((candidate) => candidate.key === key);
    return price ? pickLocale(price.label, locale) : key;
  };
  const days = [...new Set(reserved.map((row) => row.day))];
  const account = accountOf(booking, ledger, deps.now());

  return {
    uuid: booking.id,
    code: booking.code,
    status: booking.status,
    locale: booking.locale,
    event: { uuid: event.id, title: pickLocale(event.title, locale), starts_on: event.startsOn, ends_on: event.endsOn },
    account_uuid: booking.userId,
    submitted_at: booking.submittedAt?.toISOString() ?? null,
    hold_expires_at: booking.holdExpiresAt?.toISOString() ?? null,
    sma: { status: booking.smaStatus, blocking: booking.smaBlocking },
    people: people.map((person) => ({
      uuid: person.id,
      role: person.role,
      companion_type: person.companionType,
      name: [person.forename, person.surname].filter(Boolean).join(" "),
      company: person.company,
      email: person.email,
      phone: person.phone,
      address: { street: person.street, postcode: person.postcode, city: person.city, country: person.country },
    })),
    answers,
    billing_address: booking.separateBillingAddress ? booking.billingAddress : null,
    additional_comments: booking.additionalComments,
    uploads: uploadViews,
    vehicles: days.map((day) => ({
      day,
      date: addDays(event.startsOn, day - 1),
      resources: reserved
        .filter((row) => row.day === day)
        .map((row) => ({ kind: row.kind, key: row.key, label: labelOf(row.key), quantity: row.quantity, released: row.releasedAt !== null })),
    })),
    money: {
      payment_option: booking.paymentOption,
      payment_state: paymentState,
      total_cents: booking.totalCents,
      paid_cents: booking.paidCents,
      deposit_cents: booking.depositCents,
      remainder_cents: booking.remainderCents,
      remainder_due_on: booking.remainderDueOn,
      account: accountViewOf(account),
      lines: lines.map((line) => ({
        kind: line.kind,
        key: line.key,
        label: line.label,
        quantity: line.quantity,
        unit_cents: line.unitCents,
        total_cents: line.totalCents,
      })),
      credited_cents: booking.creditedCents,
      cancellation_fee_cents: booking.status === "cancelled" ? booking.cancellationFeeCents : null,
    },
    payments: ledger.payments.map((payment) => ({
      uuid: payment.id,
      kind: payment.kind,
      status: payment.status,
      amount_cents: payment.amountCents,
      refunded_cents: payment.refundedCents,
      currency: payment.currency,
      provider: payment.provider,
      method: payment.method,
      received_on: payment.receivedOn,
      provider_reference: payment.providerReference,
      failure_reason: payment.failureReason,
      refunds: ledger.refunds
        .filter((refund) => refund.paymentId === payment.id)
        .map((refund) => ({
          amount_cents: refund.amountCents,
          channel: refund.channel,
          paid_out_on: refund.paidOutOn,
          reference: refund.reference,
          provider_reference: refund.providerReference,
          staff_email: refund.staffEmail,
        })),
      created_at: payment.createdAt.toISOString(),
      succeeded_at: payment.succeededAt?.toISOString() ?? null,
      updated_at: payment.updatedAt.toISOString(),
    })),
    invoices: invoiceSummariesOf(invoiceRows),
    emails: mails.map((mail) => ({
      uuid: mail.id,
      template: mail.template,
      to: mail.toAddress,
      locale: mail.locale,
      subject: emailSubjectOf({ template: mail.template, payload: mail.payload }, mail.locale),
      status: mail.status,
      attempts: mail.attempts,
      created_at: mail.createdAt.toISOString(),
      sent_at: mail.sentAt?.toISOString() ?? null,
    })),
    audit: audit.map((row) => ({
      at: row.at.toISOString(),
      subject: row.subject,
      payment_uuid: row.paymentId,
      actor: auditActor(row.details, staffEmails),
      cause: row.cause,
      from: row.fromStatus,
      to: row.toStatus,
      details: row.details,
    })),
  };
}
