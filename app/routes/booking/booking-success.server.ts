import { redirect } from "react-router";
import { paymentDue } from "../../../core/domain/payment-due";
import { payableOfView } from "../../../core/contracts/booking-account";
import { translatorFor } from "../../../core/i18n/i18n";
import { formatDate, formatDateRange, formatDateTime } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import { localizePath } from "../../../core/i18n/locales";
import { bookingKeyOfRequest, startCardPayment } from "../../utils/booking-pages.server";
import { holdViewOf } from "../../utils/hold-view";
import { pageLocale } from "../../utils/auth.server";
import { orNotFound } from "../../utils/http-errors.server";
import type { Route } from "./+types/booking-success";
import { webContext } from "../../../server/load-context";

/**
 * /booking-success?booking={uuid}: the booking code and what happens next. Only the browser that
 * holds the booking's key (its httpOnly cookie) sees the details; anyone else gets a 404.
 */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const web = context.get(webContext);
  const locale = pageLocale(url);
  const key = bookingKeyOfRequest(request, url);
  const { booking } = await orNotFound(web.services.bookings.open({ formId: key.formUuid, bookingToken: key.token, bookingUuid: key.bookingUuid, locale }));
  if (booking.status === "draft") throw redirect(localizePath(`/booking/${key.formUuid}`, locale));
  const form = await web.services.getPublicForm(locale, booking.form_uuid, false);
  const now = web.services.now();
  const paymentOption = booking.payment_option;
  const account = booking.account;
  const holdExpiresAt = booking.hold_expires_at ? new Date(booking.hold_expires_at) : null;
  const due =
    paymentOption === "credit_card" && account ? paymentDue({ status: booking.status, holdExpiresAt }, { payable: payableOfView(account) }, now) : null;
  const t = translatorFor(locale);
  // What is due by which date, from the booking account (decision 067): "due now" only once a date has come.
  const dueRows: [string, string][] = (account?.dues ?? [])
    .filter((entry) => entry.outstanding_cents > 0)
    .map((entry) => [
      entry.fallen_due
        ? t("account.dueStates.dueNow")
        : `${t(`account.kinds.${entry.kind}`)}, ${entry.due_on ? t("account.dueBy", { date: formatDate(entry.due_on, locale) }) : t("account.dueAfterVerification")}`,
      formatMoney(entry.outstanding_cents, locale),
    ]);
  const nextOpen = account?.dues.find((entry) => entry.outstanding_cents > 0 && !entry.fallen_due) ?? null;
  const netPaid = account?.net_paid_cents ?? 0;
  const outstanding = account?.outstanding_cents ?? booking.total_cents;
  // Places held and unpaid: the page says so and counts down, never "thank you" (issue 12).
  const payNow =
    due && "amountCents" in due && (booking.status === "submitted" || booking.status === "awaiting_payment") ? formatMoney(due.amountCents, locale) : null;
  // The booking's own page and calendar file: the way back for a guest who closes this tab (issue 32).
  const links = await web.services.payments.manageLinkOf({ bookingId: booking.uuid, access: { bookingToken: key.token } });
  return {
    locale,
    view: {
      links,
      code: booking.code ?? "",
      status: booking.status,
      event: form.event.title,
      dates: formatDateRange(form.event.starts_on, form.event.ends_on, locale),
      people: 1 + booking.companions.length,
      total: formatMoney(booking.total_cents, locale),
      dueRows,
      remainderDue: nextOpen?.due_on ? formatDate(nextOpen.due_on, locale) : null,
      holdUntil: booking.hold_expires_at ? formatDateTime(booking.hold_expires_at, locale) : null,
      paymentOption,
      /** A card booking whose places are still held: what the pay button pays. */
      // Only before the first card payment; a confirmed booking's balance is paid from its e-mail or the dashboard.
      payNow,
      hold: payNow ? holdViewOf(booking.hold_expires_at, now, locale) : null,
      /** "Create a customer account" made a new account: its activation mail is on its way. */
      accountActivationSent: await web.services.accounts.activationPendingForBooking(booking.uuid),
      closed: booking.status === "rejected" || booking.status === "cancelled",
      paidInFull: netPaid > 0 && outstanding === 0,
      outstanding: netPaid > 0 && outstanding > 0 ? formatMoney(outstanding, locale) : null,
      expired: booking.status === "expired" || (due !== null && "refused" in due && due.refused === "hold_expired"),
      paid: netPaid > 0 ? formatMoney(netPaid, locale) : null,
      invoiceHref: paymentOption === "invoice" && booking.status === "confirmed" ? localizePath(`/invoice/${booking.uuid}`, locale) : null,
    },
  };
}

/** "Pay now": a payment for what is due, then off to the provider's hosted page. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const web = context.get(webContext);
  const key = bookingKeyOfRequest(request, url);
  return startCardPayment(web, { bookingId: key.bookingUuid, access: { bookingToken: key.token }, locale: pageLocale(url) });
}
