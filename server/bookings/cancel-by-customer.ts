import type { CustomerCancelAnswer } from "../../core/contracts/cancellation";
import { accountViewOf } from "../../core/contracts/booking-account";
import { formatMoney } from "../../core/domain/money";
import type { Actor } from "../../core/domain/permissions";
import { translatorFor } from "../../core/i18n/i18n";
import { authorize, bookingSubject } from "../auth/authorize";
import { AppError } from "../errors";
import { readLedger } from "./booking-account";
import { cancelLockedBooking } from "./cancel-locked-booking";
import { planOf, type CustomerCancelDeps } from "./customer-cancel-terms";
import { openManageLink } from "./manage-access";

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
