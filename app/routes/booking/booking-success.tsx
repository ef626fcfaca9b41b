import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { BookingLinks } from "../../components/booking/booking-links";
import { HoldCountdown, useHoldCountdown } from "../../components/pay/hold-countdown";
import { useRootData } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/booking-success";

export { loader, action } from "./booking-success.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)(loaderData.view.payNow ? "payPages.heldTitle" : "bookingSuccess.title")) : [];

export default function BookingSuccessPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, locale } = loaderData;
  const user = useRootData()?.user;
  const paying = useNavigation().state !== "idle";
  const secondsLeft = useHoldCountdown(view.hold);
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
  // A card booking with its places held is not booked until paid: no "thank you" yet (issue 12).
  const held = view.payNow !== null;
  const holdRunning = held && view.hold !== null && secondsLeft !== null && secondsLeft > 0;
  return (
    <PageCard
      title={held ? t("payPages.heldTitle") : t("bookingSuccess.title")}
      wide
      intro={
        <p>
          {held
            ? t("payPages.heldIntro", { code: view.code, event: view.event, dates: view.dates })
            : t("bookingSuccess.intro", { event: view.event, dates: view.dates })}
        </p>
      }
    >
      <div className="space-y-6">
        <div className="rounded-xl bg-navy-50 px-5 py-4 text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-ink-soft">{t("bookingSuccess.code")}</p>
          <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-navy-900" data-testid="booking-code">
            {view.code}
          </p>
        </div>
        <dl className="divide-y divide-navy-900/10 text-sm">
          {[
            [t("bookingSuccess.dates"), view.dates],
            [t("bookingSuccess.people"), String(view.people)],
            [t("booking.price.total"), view.total],
            ...view.dueRows,
          ].map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-ink">{label}</dt>
              <dd className="font-semibold tabular-nums text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        {view.hold && secondsLeft !== null && <HoldCountdown hold={view.hold} secondsLeft={secondsLeft} />}
        {view.payNow ? (
          (holdRunning || !view.hold) && (
            <Form method="post" className="space-y-3">
              <p className="text-sm text-ink">{t("payment.redirectNote")}</p>
              <Button type="submit" size="lg" disabled={paying}>
                {t("payment.payNow", { amount: view.payNow })}
              </Button>
            </Form>
          )
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
        <BookingLinks links={view.links} />
        <p className="text-sm text-ink-soft">{t("bookingSuccess.email")}</p>
        {view.accountActivationSent && <FormMessage tone="info">{t("payPages.activationSent")}</FormMessage>}
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
