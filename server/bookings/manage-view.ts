import { and, asc, eq, isNull } from "drizzle-orm";
import type { ManageBookingView } from "../../core/contracts/manage-booking";
import { pickLocale } from "../../core/contracts/localized-text";
import { addDays, operatorToday } from "../../core/domain/dates";
import { paymentDue } from "../../core/domain/payment-due";
import { accountViewOf } from "../../core/contracts/booking-account";
import { hasStandingInvoice } from "../../core/contracts/invoices";
import { readInvoiceSummaries } from "../invoices/invoice-summaries";
import { readBookingAccount } from "./booking-account";
import { isCompletableLater, takesAnswer } from "../../core/forms/kinds";
import type { Locale } from "../../core/i18n/locales";
import { getBookingForm } from "../catalog/forms";
import type { Queryable } from "../db/client";
import { eventDayResources, eventPrices, forms, participants, resourceReservations, uploads } from "../db/schema";
import { payLinkUrl } from "../payments/pay-links";
import { toUploadView } from "../uploads/store-upload";
import type { ManagedBooking } from "./manage-access";
import { answerText } from "./manage-answer-text";
import { customerCancelTermsOf } from "./customer-cancel-terms";
import { companionRemovalTermsOf } from "./companion-removal-plan";

type ViewDeps = { db: Queryable; now: () => Date; publicOrigin: string; payLinkSecret: string };

/** Statuses in which nothing more is asked of the customer: the later details stay closed. */
const closedStatuses = new Set(["rejected", "cancelled", "expired"]);

/**
 * Until when the items that may be completed later can be answered: the form's days before the
 * event (`forms.later_details_days_before_event`), else its first day. `closes_on` is the first day
 * on which they no longer can (decision 023).
 */
export function laterDetailsWindow(input: { startsOn: string; daysBeforeEvent: number | null; status: string; now: Date }) {
  const closesOn = addDays(input.startsOn, -(input.daysBeforeEvent ?? 0));
  return { closesOn, open: !closedStatuses.has(input.status) && operatorToday(input.now) < closesOn };
}

/** The booking as "manage my booking" shows it: the page and `GET api/booking/manage/{token}` answer the same. */
export async function manageBookingView(deps: ViewDeps, managed: ManagedBooking, input: { locale: Locale }): Promise<ManageBookingView> {
  const { booking, event } = managed;
  const { db } = deps;
  const { locale } = input;
  const now = deps.now();
  // The form version the booking was made on (decision 036), also when the event has since been unpublished.
  const form = await getBookingForm({ db }, locale, booking, now);
  const [formRow] = await db.select({ days: forms.laterDetailsDaysBeforeEvent }).from(forms).where(eq(forms.id, booking.formId)).limit(1);
  const people = await db.select().from(participants).where(eq(participants.bookingId, booking.id)).orderBy(asc(participants.position));
  const files = (await db.select().from(uploads).where(eq(uploads.bookingId, booking.id)).orderBy(asc(uploads.createdAt))).map(toUploadView);
  const reserved = await db
    .select({ day: eventDayResources.day, kind: eventDayResources.kind, key: eventDayResources.key, quantity: resourceReservations.quantity })
    .from(resourceReservations)
    .innerJoin(eventDayResources, eq(eventDayResources.id, resourceReservations.resourceId))
    .where(and(eq(resourceReservations.bookingId, booking.id), isNull(resourceReservations.releasedAt)))
    .orderBy(asc(eventDayResources.day));
  const prices = await db.select({ key: eventPrices.key, label: eventPrices.label }).from(eventPrices).where(eq(eventPrices.eventId, event.id));
  const labelOf = (key: string) => {
    const price = prices.find((candidate) => candidate.key === key);
    return price ? pickLocale(price.label, locale) : key;
  };
  const documents = (await readInvoiceSummaries(db, [booking.id])).get(booking.id) ?? [];
  const { account } = await readBookingAccount(db, booking, now);
  const due = paymentDue(booking, account, now);
  // Invoice bookings pay by transfer; every other booking may pay by card what has fallen due, or early.
  const cardDue = "amountCents" in due && booking.paymentOption !== "invoice" ? { kind: due.kind, amount_cents: due.amountCents, early: due.early } : null;

  const items = form.pages.flatMap((page) => page.items.map((item) => ({ item, page })));
  const answers = items.flatMap(({ item, page }) => {
    const text = answerText({ item, value: booking.answers[item.uuid], locale, uploads: files });
    return text === null ? [] : [{ item_uuid: item.uuid, page_title: page.title, label: item.label, kind: item.kind, value: booking.answers[item.uuid], text }];
  });
  const laterItems = items.map(({ item }) => item).filter((item) => takesAnswer(item) && isCompletableLater(item));
  const window = laterDetailsWindow({ startsOn: event.startsOn, daysBeforeEvent: formRow?.days ?? null, status: booking.status, now });

  const days = [...new Set(reserved.map((row) => row.day))];
  return {
    uuid: booking.id,
    code: booking.code,
    status: booking.status,
    event: {
      uuid: event.id,
      title: pickLocale(event.title, locale),
      starts_on: event.startsOn,
      ends_on: event.endsOn,
      location: pickLocale(event.location, locale),
    },
    version: booking.version,
    people: people.map((person) => ({
      uuid: person.id,
      role: person.role,
      companion_type: person.companionType,
      name: [person.forename, person.surname].filter(Boolean).join(" "),
      email: person.role === "main" ? person.email : null,
      removal: person.role === "companion" ? companionRemovalTermsOf(booking, event, person, now) : null,
    })),
    answers,
    uploads: files,
    vehicles: days.map((day) => ({
      day,
      date: addDays(event.startsOn, day - 1),
      resources: reserved.filter((row) => row.day === day).map((row) => ({ kind: row.kind, key: row.key, label: labelOf(row.key), quantity: row.quantity })),
    })),
    money: {
      total_cents: booking.totalCents,
      // The discount code it was booked with (decision 079): shown above the account's figures.
      discount: booking.voucherCode && booking.discountCents > 0 ? { code: booking.voucherCode, amount_cents: booking.discountCents } : null,
      paid_cents: account.netPaidCents,
      deposit_cents: booking.depositCents,
      remainder_cents: booking.remainderCents,
      remainder_due_on: booking.remainderDueOn,
      payment_option: booking.paymentOption,
      due: cardDue,
      pay_url: cardDue ? payLinkUrl(deps.publicOrigin, deps.payLinkSecret, booking.id, locale) : null,
      account: accountViewOf(account),
    },
    has_invoice: hasStandingInvoice(documents),
    cancellation: customerCancelTermsOf(booking, event, now),
    invoices: documents,
    later_details: {
      closes_on: window.closesOn,
      open: window.open,
      items: laterItems,
      answers: Object.fromEntries(laterItems.flatMap((item) => (item.uuid in booking.answers ? [[item.uuid, booking.answers[item.uuid] as never]] : []))),
    },
  };
}
