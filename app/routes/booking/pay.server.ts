import { formatDate, formatDateRange } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import { paymentDue } from "../../../core/domain/payment-due";
import { pageLocale } from "../../utils/auth.server";
import { startCardPayment } from "../../utils/booking-pages.server";
import { holdViewOf } from "../../utils/hold-view";
import { notFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/pay";
import { webContext } from "../../../server/load-context";

/**
 * `/pay/{token}`: the "pay now" link of the booking (card), balance-due and SMA e-mails. Shows what is due on the
 * booking and sends the customer to the card payment; works on any device, without logging in.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const booking = await web.services.payments.payLinkBooking(params.token);
  if (!booking) notFound();
  const event = await web.services.getPublicEvent(locale, booking.eventId);
  const now = web.services.now();
  const due = paymentDue(booking, booking.account, now);
  // A card booking whose places are held and unpaid (the booking mail's pay link): the countdown of its hold.
  const held = (booking.status === "submitted" || booking.status === "awaiting_payment") && "amountCents" in due;
  return {
    locale,
    view: {
      code: booking.code ?? "",
      event: event?.title ?? "",
      dates: event ? formatDateRange(event.starts_on, event.ends_on, locale) : "",
      total: formatMoney(booking.totalCents, locale),
      paid: formatMoney(booking.account.netPaidCents, locale),
      due: "amountCents" in due ? formatMoney(due.amountCents, locale) : null,
      dueOn: "amountCents" in due && due.dueOn ? formatDate(due.dueOn, locale) : null,
      early: "amountCents" in due && due.early,
      refusal: "refused" in due ? due.refused : null,
      hold: held ? holdViewOf(booking.holdExpiresAt, now, locale) : null,
    },
  };
}

export async function action({ url, params, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const booking = await web.services.payments.payLinkBooking(params.token);
  if (!booking) notFound();
  return startCardPayment(web, { bookingId: booking.id, access: { payLink: params.token }, locale: pageLocale(url) });
}
