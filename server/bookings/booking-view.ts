import type { BookingView, CompanionView } from "../../core/contracts/bookings";
import { accountViewOf } from "../../core/contracts/booking-account";
import type { BookingPrice } from "../../core/domain/pricing";
import type { Queryable } from "../db/client";
import { and, asc, eq } from "drizzle-orm";
import { type bookings, participants } from "../db/schema";
import { accountOf, readLedger, type Ledger } from "./booking-account";
import { runningPriceOf } from "./running-price";

type BookingRow = typeof bookings.$inferSelect;
type ParticipantRow = typeof participants.$inferSelect;

/** The booking's companions in their order. */
export async function companionsOf(db: Queryable, bookingId: string): Promise<ParticipantRow[]> {
  return db
    .select()
    .from(participants)
    .where(and(eq(participants.bookingId, bookingId), eq(participants.role, "companion")))
    .orderBy(asc(participants.position), asc(participants.id));
}

/** A booking as the booking pages and `GET api/booking/public` show it: a draft with its running price, a submitted one with its account. */
function toCompanionView(row: ParticipantRow): CompanionView {
  const birth = row.answers.date_of_birth;
  return {
    uuid: row.id,
    type: row.companionType,
    salutation: row.salutation,
    forename: row.forename,
    surname: row.surname,
    date_of_birth: typeof birth === "string" ? birth : null,
  };
}

export async function bookingViewOf(
  db: Queryable,
  row: BookingRow,
  now: Date = new Date(),
  form?: Parameters<typeof runningPriceOf>[4],
  /** The booking's companions when the caller has just read them. */
  knownCompanions?: ParticipantRow[],
): Promise<BookingView> {
  const companions = knownCompanions ?? (await companionsOf(db, row.id));
  if (row.status === "draft") return toBookingView(row, companions, await runningPriceOf(db, row, companions, now, form));
  return toBookingView(row, companions, null, { ledger: await readLedger(db, row.id), now });
}

/** `runningPrice`: a draft's price from its current answers (server/bookings/running-price.ts); a submitted booking shows its stored price. */
export function toBookingView(
  row: BookingRow,
  companions: ParticipantRow[],
  runningPrice: BookingPrice | null = null,
  /** A submitted booking's ledger (decision 067): its account is shown with it. */
  money?: { ledger: Ledger; now: Date },
): BookingView {
  const price = runningPrice ?? row;
  return {
    uuid: row.id,
    form_uuid: row.formId,
    event_uuid: row.eventId,
    status: row.status,
    locale: row.locale,
    code: row.code,
    current_page: row.currentPage,
    version: row.version,
    answers: row.answers as BookingView["answers"],
    total_cents: price.totalCents,
    event_price_cents: price.eventPriceCents,
    companion_total_cents: price.companionTotalCents,
    deposit_cents: price.depositCents,
    remainder_cents: price.remainderCents,
    remainder_due_on: price.remainderDueOn,
    discount_cents: price.discountCents,
    voucher: row.voucherCode && row.voucherDiscount ? { code: row.voucherCode, discount: row.voucherDiscount } : null,
    paid_cents: row.paidCents,
    hold_expires_at: row.holdExpiresAt?.toISOString() ?? null,
    payment_option: row.paymentOption,
    sma_status: row.smaStatus,
    sma_blocking: row.smaBlocking,
    sma_page: row.smaPage,
    companions: companions.map(toCompanionView),
    account: row.status === "draft" || !money ? null : accountViewOf(accountOf(row, money.ledger, money.now)),
  };
}
