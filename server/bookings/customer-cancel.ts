import type { CustomerCancelAnswer, CustomerCancelPreview, CustomerCancelTerms } from "../../core/contracts/cancellation";
import { accountViewOf } from "../../core/contracts/booking-account";
import { bookingAccount } from "../../core/domain/booking-account";
import { bookingEventAllowed } from "../../core/domain/booking-state-machine";
import { cancellationFeeOn } from "../../core/domain/cancellation-schedule";
import { operatorToday } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import { authorize, bookingSubject } from "../auth/authorize";
import type { bookings, events } from "../db/schema";
import { AppError } from "../errors";
import type { StaffActionDeps } from "../staff/bookings/staff-booking";
import { accountInputOf, readLedger, type Ledger } from "./booking-account";
import { cancelLockedBooking } from "./cancel-locked-booking";
import { cancellationOutcome } from "./cancellation-outcome";
import { openManageLink } from "./manage-access";

/**
 * Cancellation by the customer (issue 30, decision 075), on the manage page: the event's schedule
 * sets the fee on the operator's day; everything else is the booking account's and the staff
 * cancellation's (cancellation-outcome.ts, cancel-locked-booking.ts). What was paid beyond the fee goes
 * back: card money through the provider at once, money that came by transfer (or otherwise) stays as
 * credit on the account for staff to pay out. A fee beyond what was paid is the new balance.
 */
export type CustomerCancelDeps = StaffActionDeps;

type BookingRow = typeof bookings.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** Whether and at what fee the customer may cancel today: the manage view shows it, the preview and the cancellation act on it. */
export function customerCancelTermsOf(booking: BookingRow, event: EventRow, now: Date): CustomerCancelTerms {
  if (!bookingEventAllowed(booking.status, "cancelled_by_customer")) return { allowed: false, reason: "not_in_status" };
  const terms = cancellationFeeOn(event.cancellationSchedule, {
    startsOn: event.startsOn,
    today: operatorToday(now),
    // What the booking costs while it stands: its total less the reductions staff granted.
    baseCents: Math.max(0, booking.totalCents - booking.creditedCents),
  });
  if (!terms.allowed) return { allowed: false, reason: terms.reason };
  return { allowed: true, fee_cents: terms.feeCents, fee: terms.rule.fee, until: terms.until };
}

/** The preview's figures: the same function answers the preview and plans the cancellation, so they cannot differ. */
function planOf(booking: BookingRow, event: EventRow, ledger: Ledger, now: Date) {
  const terms = customerCancelTermsOf(booking, event, now);
  if (!terms.allowed) {
    const key = { not_by_customer: "customerCancelNotAllowed", too_late: "customerCancelTooLate", not_in_status: "bookingNotCancellable" } as const;
    throw new AppError("CONFLICT", booking.status === "cancelled" ? "bookingAlreadyCancelled" : key[terms.reason]);
  }
  const today = operatorToday(now);
  const before = bookingAccount(accountInputOf({ ...booking, status: "cancelled" }, ledger), today);
  const toGiveBack = Math.max(0, before.netPaidCents - terms.fee_cents);
  const byCard = Math.min(
    toGiveBack,
    before.refundable.filter((part) => part.channel === "provider").reduce((sum, part) => sum + part.refundableCents, 0),
  );
  const refund = byCard > 0 ? { amountCents: byCard, requireRefundable: true, onlyChannel: "provider" as const } : null;
  const outcome = cancellationOutcome(booking, ledger, today, { refund, feeCents: terms.fee_cents });
  const preview: CustomerCancelPreview = {
    uuid: booking.id,
    fee_cents: terms.fee_cents,
    card_refund_cents: outcome.refundCents,
    queued_refund_cents: toGiveBack - outcome.refundCents,
    account: accountViewOf(outcome.after),
  };
  return { preview, refund };
}

/** `POST api/booking/manage/{token}/cancel/preview`: reads only; refusals as the cancellation's (409). */
export async function previewCustomerCancel(deps: CustomerCancelDeps, caller: Actor, input: { token: string }): Promise<CustomerCancelPreview> {
  const managed = await openManageLink(deps, caller, { token: input.token });
  authorize(managed.actor, "booking.cancel", bookingSubject(managed.booking));
  return planOf(managed.booking, managed.event, await readLedger(deps.db, managed.booking.id), deps.now()).preview;
}

/**
 * `POST api/booking/manage/{token}/cancel`: in one transaction under the booking's row lock. The body
 * names the fee the customer was shown; a different fee now (a day passed) is a 409 and nothing
 * changes. A second submit finds the booking cancelled: 409, nothing more happens.
 */
export async function cancelByCustomer(deps: CustomerCancelDeps, caller: Actor, input: { token: string; feeCents: number }): Promise<CustomerCancelAnswer> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const managed = await openManageLink({ ...deps, db: tx }, caller, { token: input.token, lock: true });
    const { booking, event } = managed;
    authorize(managed.actor, "booking.cancel", bookingSubject(booking));
    const { preview, refund } = planOf(booking, event, await readLedger(tx, booking.id), now);
    if (preview.fee_cents !== input.feeCents) throw new AppError("CONFLICT", "customerCancelFeeChanged");
    const t = translatorFor(booking.locale);
    const fee = formatMoney(preview.fee_cents, booking.locale);
    const message = [
      t("manage.cancel.mailReason", { fee }),
      preview.queued_refund_cents > 0 ? t("manage.cancel.mailQueued", { amount: formatMoney(preview.queued_refund_cents, booking.locale) }) : null,
    ]
      .filter((part): part is string => part !== null)
      .join(" ");
    const done = await cancelLockedBooking(tx, deps, {
      booking,
      event: "cancelled_by_customer",
      cause: "cancelled by the customer on the manage page",
      details: { by: "customer", feeCents: preview.fee_cents, cardRefundCents: preview.card_refund_cents, queuedRefundCents: preview.queued_refund_cents },
      staff: null,
      refund,
      feeCents: preview.fee_cents,
      message,
      notify: true,
      now,
    });
    return { ...preview, account: accountViewOf(done.account), status: "cancelled", waitlist_offers: done.waitlist_offers };
  });
}
