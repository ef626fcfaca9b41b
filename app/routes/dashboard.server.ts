import { localizePath } from "../../core/i18n/locales";
import type { BookingSummary } from "../../core/contracts/auth";
import { formatDate, formatDateRange } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import type { Locale } from "../../core/i18n/locales";
import { pageLocale, requireUser, sessionActor } from "../utils/auth.server";
import { startCardPayment } from "../utils/booking-pages.server";
import { uuidOrNotFound } from "../utils/http-errors.server";
import type { Route } from "./+types/dashboard";
import { webContext } from "../../server/load-context";
import { actorOf } from "../../server/auth/authorize";

/** Dates and amounts are formatted here, on the server, like the event cards (see event-view.ts). */
function toView(booking: BookingSummary, locale: Locale, manageLinks: Record<string, string>) {
  return {
    ...booking,
    display: {
      dates: formatDateRange(booking.event.starts_on, booking.event.ends_on, locale),
      total: formatMoney(booking.total_cents, locale),
      deposit: booking.deposit_cents > 0 && booking.remainder_cents > 0 ? formatMoney(booking.deposit_cents, locale) : null,
      remainder: booking.remainder_cents > 0 ? formatMoney(booking.remainder_cents, locale) : null,
      remainderDue: booking.remainder_due_on ? formatDate(booking.remainder_due_on, locale) : null,
      paid: booking.paid_cents > 0 ? formatMoney(booking.paid_cents, locale) : null,
      // Invoice bookings are paid by bank transfer (their invoice says how); card bookings get the pay button.
      payNow: booking.due && booking.payment_option !== "invoice" ? formatMoney(booking.due.amount_cents, locale) : null,
      invoiceHref: booking.has_invoice ? localizePath(`/invoice/${booking.uuid}`, locale) : null,
      // "Manage my booking" (decision 023): the same page as the e-mails' private link.
      manageHref: manageLinks[booking.uuid] ?? null,
    },
  };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const user = await requireUser(url, web);
  const locale = pageLocale(url);
  const actor = await sessionActor(url, web);
  const bookings = await web.services.accounts.listBookings(actor, locale);
  const manageLinks = await web.services.manage.ownerLinks(actorOf(actor), locale);
  return {
    locale,
    name: user.first_name ?? user.name,
    future: bookings.future.map((entry) => toView(entry, locale, manageLinks)),
    expired: bookings.expired.map((entry) => toView(entry, locale, manageLinks)),
  };
}

/** The pay button of a booking card: a payment for what is due, then the provider's page. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const user = await requireUser(url, web);
  const locale = pageLocale(url);
  const bookingId = uuidOrNotFound(String((await request.formData()).get("booking") ?? ""));
  return startCardPayment(web, { bookingId, access: { userId: user.uuid }, locale });
}
