import { invoiceListOf } from "../../utils/invoice-list-view";
import { localizePath } from "../../../core/i18n/locales";
import type { BookingSummary } from "../../../core/contracts/auth";
import { formatDate, formatDateRange } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import { translatorFor } from "../../../core/i18n/i18n";
import type { Locale } from "../../../core/i18n/locales";
import { pageLocale, requireUser, sessionActor } from "../../utils/auth.server";
import { startCardPayment } from "../../utils/booking-pages.server";
import { uuidOrNotFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/dashboard";
import { webContext } from "../../../server/load-context";
import { actorOf } from "../../../server/auth/authorize";

/** The next instalment not yet paid: "Balance €3,795.00 · due by 13 Dec 2026", or "due now" once its date has come. */
function nextDueOf(booking: BookingSummary, locale: Locale): { label: string; amount: string } | null {
  const t = translatorFor(locale);
  const next = booking.account.dues.find((due) => due.outstanding_cents > 0);
  if (!next) return null;
  const when = next.fallen_due
    ? t("account.dueStates.dueNow")
    : next.due_on
      ? t("account.dueBy", { date: formatDate(next.due_on, locale) })
      : t("account.dueAfterVerification");
  return { label: `${t(`account.kinds.${next.kind}`)} · ${when}`, amount: formatMoney(next.outstanding_cents, locale) };
}

/** Dates and amounts are formatted here, on the server, like the event cards (see event-view.ts). */
function toView(booking: BookingSummary, locale: Locale, manageLinks: Record<string, string>) {
  return {
    ...booking,
    display: {
      dates: formatDateRange(booking.event.starts_on, booking.event.ends_on, locale),
      // Every figure from the booking account (decision 067), as the manage page shows it.
      total: formatMoney(booking.account.total_cents, locale),
      paid: booking.account.net_paid_cents > 0 ? formatMoney(booking.account.net_paid_cents, locale) : null,
      refunded: booking.account.refunded_cents > 0 ? formatMoney(booking.account.refunded_cents, locale) : null,
      outstanding: booking.account.outstanding_cents > 0 ? formatMoney(booking.account.outstanding_cents, locale) : null,
      nextDue: nextDueOf(booking, locale),
      // Invoice bookings are paid by bank transfer (their invoice says how); card bookings get the pay button.
      payLabel:
        booking.due && booking.payment_option !== "invoice"
          ? translatorFor(locale)(booking.due.early ? "account.payEarly" : "dashboard.payNow", { amount: formatMoney(booking.due.amount_cents, locale) })
          : null,
      // The card's link opens the invoice that stands; the invoices section lists every document.
      invoiceHref: standingInvoiceHref(booking, locale),
      invoices: invoiceListOf(booking.invoices, locale, (document) => localizePath(`/invoice/${booking.uuid}/${document.uuid}`, locale)),
      // "Manage my booking" (decision 023): the same page as the e-mails' private link.
      manageHref: manageLinks[booking.uuid] ?? null,
    },
  };
}

function standingInvoiceHref(booking: BookingSummary, locale: Locale): string | null {
  const standing = booking.invoices.findLast((document) => document.kind === "invoice" && document.cancelled_by === null);
  return standing ? localizePath(`/invoice/${booking.uuid}/${standing.uuid}`, locale) : null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const user = await requireUser(url, web);
  const locale = pageLocale(url);
  const actor = await sessionActor(url, web);
  const bookings = await web.services.accounts.listBookings(actor, { locale });
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
