import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { localizePath } from "../../../core/i18n/locales";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useRootData } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/sma-success";

export { loader } from "./sma-success.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("sma.successTitle")) : [];

export default function SmaSuccessPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { code, locale } = loaderData;
  const site = useRootData()?.site;
  return (
    <PageCard title={t("sma.successTitle")} wide intro={<p>{t("sma.successIntro")}</p>}>
      <div className="space-y-6">
        <div className="rounded-xl bg-navy-50 px-5 py-4 text-center">
          <p className="text-sm font-semibold uppercase tracking-wide text-ink-soft">{t("bookingSuccess.code")}</p>
          <p className="mt-1 font-mono text-3xl font-bold tracking-widest text-navy-900" data-testid="booking-code">
            {code}
          </p>
        </div>
        <FormMessage tone="info">
          {loaderData.status === "confirmed" || loaderData.status === "paid"
            ? t("sma.verifiedNote")
            : loaderData.status === "rejected"
              ? t("sma.rejectedNote")
              : t("sma.successNext", { hours: site?.support_hours ?? "" })}
        </FormMessage>
        <Button to={localizePath("/events", locale)}>{t("bookingSuccess.more")}</Button>
      </div>
    </PageCard>
  );
}
