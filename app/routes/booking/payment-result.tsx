import { useEffect } from "react";
import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation, useRevalidator } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { BookingLinks } from "../../components/booking/booking-links";
import { PageCard } from "../../components/page-card";
import { HoldCountdown, useHoldCountdown } from "../../components/pay/hold-countdown";
import { useRootData } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/payment-result";
import type { PageRouteFacts } from "../../../server/http/page-route-facts";

export { loader, action } from "./payment-result.server";
/** It waits on the payment provider (the payment's state): it holds no turn meanwhile (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;

const titleKey = {
  success: "payment.success.title",
  pending: "payment.pending.title",
  failed: "payment.failed.title",
  refund: "payment.refund.title",
  unknown: "payment.failed.title",
} as const;

export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)(titleKey[loaderData.state])) : [];

/** While the provider has not confirmed yet: look again every two seconds, for a minute. */
function useRecheckWhilePending(pending: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!pending) return;
    let checks = 0;
    const timer = window.setInterval(() => {
      checks += 1;
      if (checks > 30) window.clearInterval(timer);
      else if (revalidator.state === "idle") void revalidator.revalidate();
    }, 2000);
    return () => window.clearInterval(timer);
  }, [pending, revalidator]);
}

export default function PaymentResultPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { state, view, locale } = loaderData;
  const site = useRootData()?.site;
  const user = useRootData()?.user;
  const busy = useNavigation().state !== "idle";
  useRecheckWhilePending(state === "pending");
  const hold = view?.hold ?? null;
  const secondsLeft = useHoldCountdown(hold);
  const holdOver = hold !== null && secondsLeft === 0;
  // The address is a link that opens the mail program, with the hours beside it (issue 12).
  const support = site ? (
    <p className="text-sm text-ink-soft">
      {t("payPages.supportIntro")}{" "}
      <a href={`mailto:${site.support_email}`} className="whitespace-nowrap font-semibold text-navy-800 underline underline-offset-2">
        {site.support_email}
      </a>
      {" · "}
      {t("payPages.supportHours", { hours: site.support_hours })}
    </p>
  ) : null;
  const onward = (
    <div className="flex flex-wrap gap-3">
      <Button to={localizePath("/events", locale)} variant={state === "success" ? "primary" : "ghost"}>
        {t("payment.moreEvents")}
      </Button>
      {user && (
        <Button to={localizePath("/dashboard", locale)} variant="ghost">
          {t("payment.toDashboard")}
        </Button>
      )}
    </div>
  );
  return (
    <PageCard title={t(titleKey[state])} wide intro={view ? <p>{t("payment.booking", { code: view.code, event: view.event })}</p> : undefined}>
      <div className="space-y-6">
        {state === "success" && view && (
          <>
            <FormMessage tone="success">{t("payment.success.body", { amount: view.amount, code: view.code })}</FormMessage>
            <p className="text-ink">
              {view.remainder && view.remainderDue
                ? t("payment.success.confirmed", { amount: view.remainder, date: view.remainderDue })
                : t("payment.success.paid")}
            </p>
            <dl className="divide-y divide-navy-900/10 text-sm">
              {[...(view.dates ? [[t("bookingSuccess.dates"), view.dates]] : []), [t("booking.price.total"), view.total]].map(([label, value]) => (
                <div key={label} className="flex justify-between gap-4 py-2">
                  <dt className="text-ink">{label}</dt>
                  <dd className="font-semibold tabular-nums text-navy-900">{value}</dd>
                </div>
              ))}
            </dl>
            <BookingLinks links={view.links} />
            {onward}
          </>
        )}
        {state === "pending" && (
          <>
            <div role="status" className="flex items-center gap-3 rounded-xl bg-navy-50 px-4 py-3 text-ink">
              <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-navy-800 border-t-transparent motion-reduce:animate-none" />
              {t("payment.pending.body")}
            </div>
            <Button to="." variant="ghost">
              {t("payment.pending.check")}
            </Button>
          </>
        )}
        {state === "refund" && view && (
          <>
            <FormMessage tone="error">{t("payment.refund.body", { amount: view.amount })}</FormMessage>
            {support}
            {onward}
          </>
        )}
        {(state === "failed" || state === "unknown") && (
          <>
            {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
            <FormMessage tone="error">{t("payment.failed.body")}</FormMessage>
            {hold && secondsLeft !== null && (
              <>
                {!holdOver && <h2 className="font-display text-xl font-bold text-navy-900">{t("payPages.heldTitle")}</h2>}
                <HoldCountdown hold={hold} secondsLeft={secondsLeft} />
              </>
            )}
            {view?.canRetry && !holdOver ? (
              <Form method="post" className="space-y-3">
                {view.holdUntil && !hold && <p className="text-ink">{t("payment.failed.retryUntil", { until: view.holdUntil })}</p>}
                <p className="text-sm text-ink">{t("payment.redirectNote")}</p>
                <Button type="submit" disabled={busy}>
                  {t("payment.failed.retry")}
                </Button>
              </Form>
            ) : (
              view && <p className="text-ink">{t("payment.failed.holdExpired")}</p>
            )}
            {support}
            {onward}
          </>
        )}
      </div>
    </PageCard>
  );
}
