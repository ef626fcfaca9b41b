import { useTranslation } from "react-i18next";
import { data, Form, redirect, useNavigation } from "react-router";
import { paymentDue } from "../../core/domain/payment-due";
import { formatDate, formatDateRange, formatDateTime } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import { translatorFor } from "../../core/i18n/i18n";
import { localizePath } from "../../core/i18n/locales";
import { AppError } from "../../server/errors";
import { bookingKeyOfRequest, startCardPayment } from "../utils/booking-pages.server";
import { Button } from "../components/button";
import { FormMessage } from "../components/field";
import { PageCard } from "../components/page-card";
import { pageLocale } from "../utils/auth.server";
import { useRootData } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/booking-success";

/**
 * /booking-success?booking={uuid}: the booking code and what happens next. Only the browser that
 * holds the booking's key (its httpOnly cookie) sees the details; anyone else gets a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = pageLocale(request);
  const key = bookingKeyOfRequest(request);
  let booking;
  try {
    ({ booking } = await context.services.bookings.open({ formId: key.formUuid, bookingToken: key.token, bookingUuid: key.bookingUuid, locale }));
  } catch (error) {
    if (AppError.is(error) && error.code === "NOT_FOUND") throw data(null, { status: 404 });
    throw error;
  }
  if (booking.status === "draft") throw redirect(localizePath(`/booking/${key.formUuid}`, locale));
  const form = await context.services.getPublicForm(locale, booking.form_uuid, false);
  const paymentOption = booking.payment_option;
  const due =
    paymentOption === "credit_card"
      ? paymentDue(
          {
            status: booking.status,
            totalCents: booking.total_cents,
            depositCents: booking.deposit_cents,
            paidCents: booking.paid_cents,
            holdExpiresAt: booking.hold_expires_at ? new Date(booking.hold_expires_at) : null,
            remainderDueOn: booking.remainder_due_on,
          },
          context.services.now(),
        )
      : null;
  return {
    locale,
    view: {
      code: booking.code ?? "",
      status: booking.status,
      event: form.event.title,
      dates: formatDateRange(form.event.starts_on, form.event.ends_on, locale),
      people: 1 + booking.companions.length,
      total: formatMoney(booking.total_cents, locale),
      dueNow: formatMoney(booking.deposit_cents, locale),
      remainder: booking.remainder_cents > 0 ? formatMoney(booking.remainder_cents, locale) : null,
      remainderDue: booking.remainder_due_on ? formatDate(booking.remainder_due_on, locale) : null,
      holdUntil: booking.hold_expires_at ? formatDateTime(booking.hold_expires_at, locale) : null,
      paymentOption,
      /** A card booking whose places are still held: what the pay button pays. */
      // Only before the first card payment; a confirmed booking's balance is paid from its e-mail or the dashboard.
      payNow:
        due && "amountCents" in due && (booking.status === "submitted" || booking.status === "awaiting_payment") ? formatMoney(due.amountCents, locale) : null,
      closed: booking.status === "rejected" || booking.status === "cancelled",
      paidInFull: booking.paid_cents > 0 && booking.paid_cents >= booking.total_cents,
      outstanding: booking.paid_cents > 0 && booking.paid_cents < booking.total_cents ? formatMoney(booking.total_cents - booking.paid_cents, locale) : null,
      expired: booking.status === "expired" || (due !== null && "refused" in due && due.refused === "hold_expired"),
      paid: booking.paid_cents > 0 ? formatMoney(booking.paid_cents, locale) : null,
      invoiceHref: paymentOption === "invoice" && booking.status === "confirmed" ? localizePath(`/invoice/${booking.uuid}`, locale) : null,
    },
  };
}

/** "Pay now": a payment for what is due, then off to the provider's hosted page. */
export async function action({ request, context }: Route.ActionArgs) {
  const key = bookingKeyOfRequest(request);
  return startCardPayment(context, { bookingId: key.bookingUuid, access: { bookingToken: key.token }, locale: pageLocale(request) });
}

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("bookingSuccess.title")) : [];

export default function BookingSuccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, locale } = loaderData;
  const user = useRootData()?.user;
  const paying = useNavigation().state !== "idle";
  if (view.closed) {
    return (
      <PageCard title={t("bookingSuccess.closedTitle")} wide intro={<p>{t("bookingSuccess.closedIntro", { event: view.event, code: view.code })}</p>}>
        <Button to={localizePath("/events", locale)}>{t("bookingSuccess.more")}</Button>
      </PageCard>
    );
  }
  if (view.expired) {
    return (
      <PageCard title={t("bookingSuccess.expiredTitle")} wide intro={<p>{t("bookingSuccess.expiredIntro", { event: view.event, code: view.code })}</p>}>
        <Button to={localizePath("/events", locale)}>{t("bookingSuccess.more")}</Button>
      </PageCard>
    );
  }
  const nextStep =
    view.paymentOption === "invoice"
      ? t("bookingSuccess.next.invoice")
      : view.paymentOption === "sma"
        ? t("bookingSuccess.next.sma")
        : t("bookingSuccess.next.creditCard", { time: view.holdUntil ?? "" });
  return (
    <PageCard title={t("bookingSuccess.title")} wide intro={<p>{t("bookingSuccess.intro", { event: view.event, dates: view.dates })}</p>}>
      <div className="space-y-6">
        <div className="rounded-xl bg-navy-50 px-5 py-4 text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-ink-soft">{t("bookingSuccess.code")}</p>
          <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-navy-900" data-testid="booking-code">
            {view.code}
          </p>
        </div>
        <dl className="divide-y divide-navy-900/10 text-sm">
          {[
            [t("bookingSuccess.people"), String(view.people)],
            [t("booking.price.total"), view.total],
            [view.remainder ? t("booking.price.dueNow") : t("booking.price.dueNow"), view.dueNow],
            ...(view.remainder && view.remainderDue ? [[t("booking.price.remainder", { date: view.remainderDue }), view.remainder]] : []),
          ].map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-ink">{label}</dt>
              <dd className="font-semibold tabular-nums text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        {view.payNow ? (
          <Form method="post" className="space-y-3 rounded-xl bg-gold-100 p-5 ring-1 ring-gold-600/30">
            <p className="text-sm text-ink">{nextStep}</p>
            <p className="text-sm text-ink">{t("payment.redirectNote")}</p>
            <Button type="submit" disabled={paying}>
              {t("payment.payNow", { amount: view.payNow })}
            </Button>
          </Form>
        ) : (
          <FormMessage tone="info">
            {view.paidInFull
              ? t("payment.success.paid")
              : view.outstanding && view.remainderDue
                ? t("payment.success.confirmed", { amount: view.outstanding, date: view.remainderDue })
                : nextStep}
          </FormMessage>
        )}
        {view.invoiceHref && (
          <p>
            <a href={view.invoiceHref} download className="font-semibold text-navy-800 underline underline-offset-2">
              {t("payment.downloadInvoice")}
            </a>
          </p>
        )}
        <p className="text-sm text-ink-soft">{t("bookingSuccess.email")}</p>
        <div className="flex flex-wrap gap-3">
          <Button to={localizePath("/events", locale)} variant={view.payNow ? "ghost" : "primary"}>
            {t("bookingSuccess.more")}
          </Button>
          {user && (
            <Button to={localizePath("/dashboard", locale)} variant="ghost">
              {t("bookingSuccess.dashboard")}
            </Button>
          )}
        </div>
      </div>
    </PageCard>
  );
}
