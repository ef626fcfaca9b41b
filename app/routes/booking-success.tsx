import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { translatorFor } from "../../core/i18n/i18n";
import { localizePath } from "../../core/i18n/locales";
import { Button } from "../components/button";
import { FormMessage } from "../components/field";
import { PageCard } from "../components/page-card";
import { useRootData } from "../utils/locale";
import { pageMeta } from "../utils/meta";
import type { Route } from "./+types/booking-success";

export { loader, action } from "./booking-success.server";
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
