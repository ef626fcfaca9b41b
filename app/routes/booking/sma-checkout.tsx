import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useRootData } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/sma-checkout";
import type { PageRouteFacts } from "../../../server/http/page-route-facts";

export { loader, action } from "./sma-checkout.server";
/** It waits on the payment provider: it holds no turn meanwhile (decision 064). */
export const handle = { caching: "personal", admission: "exempt" } satisfies PageRouteFacts;
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("sma.checkoutTitle")) : [];

export default function SmaCheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { view, locale } = loaderData;
  const site = useRootData()?.site;
  const busy = useNavigation().state !== "idle";
  const rows: [string, string][] = [
    [t("sma.event"), `${view.event} (${view.dates})`],
    [t("sma.name"), view.name],
    [t("sma.email"), view.email],
    [t("sma.phone"), view.phone],
    ...(view.companions.length ? ([[t("sma.companions"), view.companions.join(", ")]] as [string, string][]) : []),
    [t("booking.price.total"), view.total],
  ];
  return (
    <PageCard title={t("sma.checkoutTitle")} wide intro={<p>{t("sma.checkoutIntro")}</p>}>
      <div className="space-y-6">
        <dl className="divide-y divide-navy-900/10 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
              <dt className="text-ink">{label}</dt>
              <dd className="font-semibold text-navy-900">{value}</dd>
            </div>
          ))}
        </dl>
        <FormMessage tone="info">{t("sma.callNote", { phone: view.phone, hours: site?.support_hours ?? "" })}</FormMessage>
        {actionData?.message && <FormMessage tone="error">{actionData.message}</FormMessage>}
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={busy}>
            {t("sma.send")}
          </Button>
          <Link
            to={`${localizePath(`/booking/${view.formUuid}`, locale)}?page=${view.lastPage}`}
            className="text-sm font-semibold text-navy-800 underline underline-offset-2"
          >
            {t("sma.back")}
          </Link>
        </Form>
      </div>
    </PageCard>
  );
}
