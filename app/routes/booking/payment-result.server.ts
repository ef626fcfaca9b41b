import { formatDate, formatDateRange, formatDateTime } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import { paymentDue } from "../../../core/domain/payment-due";
import { pageLocale } from "../../utils/auth.server";
import { startCardPayment } from "../../utils/booking-pages.server";
import { holdViewOf } from "../../utils/hold-view";
import { notFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/payment-result";
import { webContext } from "../../../server/load-context";

/**
 * `/payment/success/{token}` and `/payment/failed/{token}`: the booking confirmation screen of spec
 * §2 (loading, success, failure). What it shows follows the payment's real state, not the address:
 * a customer may come back to "success" before the provider's webhook (then the provider is asked,
 * and the page keeps checking), or to "failed" although the payment went through.
 */
export type ResultState = "success" | "pending" | "failed" | "refund" | "unknown";

export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const token = params.token ?? "";
  const found = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await web.services.payments.forReturn(token) : null;
  if (!found) return { locale, state: "unknown" as ResultState, view: null };
  const { payment, booking, account } = found;
  // The provider sends the browser to the failed page when the customer cancels: the checkout is still
  // open then, but nothing will come of it, so it reads as not completed (a retry closes it).
  const cameBackCancelled = url.pathname.includes("/payment/failed/");
  const state: ResultState =
    payment.status === "succeeded"
      ? "success"
      : payment.status === "refund_pending" || payment.status === "refunded"
        ? "refund"
        : (payment.status === "pending" || payment.status === "requires_action") && !cameBackCancelled
          ? "pending"
          : "failed";
  const now = web.services.now();
  const due = paymentDue(booking, account, now);
  const event = await web.services.getPublicEvent(locale, booking.eventId);
  const remainder = account.outstandingCents;
  // The next instalment's date: the account's, never a "due now" before it has come (decision 067).
  const nextDueOn = account.nextDue?.dueOn ?? null;
  const canRetry = state === "failed" && "amountCents" in due && booking.status !== "confirmed";
  // Places still held and unpaid after a declined or cancelled payment: the page counts the hold down.
  const held = canRetry && (booking.status === "submitted" || booking.status === "awaiting_payment");
  const links = state === "success" ? await web.services.payments.manageLinkOf({ bookingId: booking.id, access: { returnToken: token } }) : null;
  return {
    locale,
    state,
    view: {
      code: booking.code ?? "",
      event: event?.title ?? "",
      // What was booked and the way back to it (issue 32).
      dates: event ? formatDateRange(event.starts_on, event.ends_on, locale) : null,
      total: formatMoney(booking.totalCents, locale),
      links,
      amount: formatMoney(payment.amountCents, locale),
      remainder: remainder > 0 ? formatMoney(remainder, locale) : null,
      remainderDue: remainder > 0 && nextDueOn ? formatDate(nextDueOn, locale) : null,
      canRetry,
      holdUntil: booking.holdExpiresAt && booking.holdExpiresAt > now ? formatDateTime(booking.holdExpiresAt, locale) : null,
      hold: held ? holdViewOf(booking.holdExpiresAt, now, locale) : null,
    },
  };
}

/** "Try again": a new payment for the same booking (the failed one stays on record). */
export async function action({ url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const token = params.token ?? "";
  const found = /^[A-Za-z0-9_-]{20,200}$/.test(token) ? await web.services.payments.forReturn(token) : null;
  if (!found) notFound();
  return startCardPayment(web, { bookingId: found.booking.id, access: { returnToken: token }, locale: pageLocale(url) });
}
