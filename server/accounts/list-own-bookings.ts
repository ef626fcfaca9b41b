import { and, asc, eq, ne, sql } from "drizzle-orm";
import type { BookingSummary, UserBookings } from "../../core/contracts/auth";
import { pickLocale } from "../../core/contracts/localized-text";
import { operatorToday } from "../../core/domain/dates";
import { paymentDue } from "../../core/domain/payment-due";
import { accountViewOf } from "../../core/contracts/booking-account";
import { accountOf, readLedgers, type Ledger } from "../bookings/booking-account";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import { authorize } from "../auth/authorize";
import { bookings, events, participants } from "../db/schema";
import { hasStandingInvoice } from "../../core/contracts/invoices";
import { readInvoiceSummaries } from "../invoices/invoice-summaries";
import type { AccountsDeps } from "../deps/accounts-deps";

/** The dashboard: the actor's bookings (not drafts), split into future and expired by the event's last day. */
export async function listOwnBookings(deps: Pick<AccountsDeps, "db" | "now">, actor: Actor, input: { locale: Locale }): Promise<UserBookings> {
  const userId = actor.user?.userId ?? "";
  authorize(actor, "account.list-bookings", { id: userId });
  const { locale } = input;
  const now = deps.now();
  const rows = await deps.db
    .select({
      booking: bookings,
      event: events,
      people: sql<number>`(select count(*) from ${participants} where ${participants.bookingId} = ${bookings.id})`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.userId, userId), ne(bookings.status, "draft")))
    .orderBy(asc(events.startsOn));
  const today = operatorToday(now);
  // Every card's money from the booking account (decision 067): the ledgers of all the bookings in two statements.
  const ledgers = await readLedgers(
    deps.db,
    rows.map((row) => row.booking.id),
  );
  const documents = await readInvoiceSummaries(
    deps.db,
    rows.map((row) => row.booking.id),
  );
  const summaries = rows.map(({ booking, event, people }) => ({
    uuid: booking.id,
    code: booking.code,
    status: booking.status,
    event: {
      uuid: event.id,
      title: pickLocale(event.title, locale),
      starts_on: event.startsOn,
      ends_on: event.endsOn,
      location: pickLocale(event.location, locale),
      image_url: event.imageUrl,
    },
    participants: people,
    total_cents: booking.totalCents,
    deposit_cents: booking.depositCents,
    remainder_cents: booking.remainderCents,
    remainder_due_on: booking.remainderDueOn,
    paid_cents: booking.paidCents,
    payment_option: booking.paymentOption,
    ...moneyOf(booking, ledgers.get(booking.id) ?? { payments: [], refunds: [] }, now),
    has_invoice: hasStandingInvoice(documents.get(booking.id) ?? []),
    invoices: documents.get(booking.id) ?? [],
  }));
  return {
    future: summaries.filter((summary) => summary.event.ends_on >= today),
    expired: summaries.filter((summary) => summary.event.ends_on < today).reverse(),
  };
}

/** The card's account, and the card payment the dashboard offers: only what the payment service would accept now. */
function moneyOf(booking: typeof bookings.$inferSelect, ledger: Ledger, now: Date): Pick<BookingSummary, "due" | "account"> {
  const account = accountOf(booking, ledger, now);
  const due = paymentDue(booking, account, now);
  return { due: "amountCents" in due ? { kind: due.kind, amount_cents: due.amountCents, early: due.early } : null, account: accountViewOf(account) };
}
