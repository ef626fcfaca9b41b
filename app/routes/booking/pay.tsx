import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { HoldCountdown, useHoldCountdown } from "../../components/pay/hold-countdown";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/pay";
import type { PageRouteFacts } from "../../../server/http/page-route-facts";

export { loader, action } from "./pay.server";
/** It waits on the payment provider (creating the checkout): it holds no turn meanwhile (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)(loaderData.view.hold ? "payPages.heldTitle" : "payment.metaTitle")) : [];

export default function PayPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, locale } = loaderData;
  const busy = useNavigation().state !== "idle";
  const secondsLeft = useHoldCountdown(view.hold);
  const holdOver = view.hold !== null && secondsLeft === 0;
  return (
    <PageCard
      title={view.hold ? t("payPages.heldTitle") : t("payment.payTitle")}
      wide
      intro={<p>{t("payment.booking", { code: view.code, event: `${view.event} (${view.dates})` })}</p>}
    >
      <div className="space-y-6">
        <dl className="divide-y divide-navy-900/10 text-sm">
          {[
            [t("booking.price.total"), view.total],
            [t("payment.paidSoFar"), view.paid],
            ...(view.due ? [[view.early && view.dueOn ? t("payment.dueOn", { date: view.dueOn }) : t("payment.dueNow"), view.due]] : []),
          ].map(([label, value]) => (
            <div key={label} className="flex justify-between gap-4 py-2">
              <dt className="text-ink">{label}</dt>
              <dd className="font-semibold tabular-nums text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
        {view.hold && secondsLeft !== null && <HoldCountdown hold={view.hold} secondsLeft={secondsLeft} />}
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        {holdOver ? null : view.due ? (
          <Form method="post" className="space-y-3">
            <p className="text-sm text-ink">{t("payment.redirectNote")}</p>
            <Button type="submit" size="lg" disabled={busy}>
              {view.early ? t("account.payEarly", { amount: view.due }) : t("payment.payNow", { amount: view.due })}
            </Button>
          </Form>
        ) : (
          <FormMessage tone="info">
            {view.refusal === "in_review" ? t("api.paymentInReview") : view.refusal === "hold_expired" ? t("api.paymentHoldExpired") : t("payment.nothingDue")}
          </FormMessage>
        )}
        <Button to={localizePath("/events", locale)} variant="ghost">
          {t("payment.moreEvents")}
        </Button>
      </div>
    </PageCard>
  );
}
