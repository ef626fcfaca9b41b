import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/verification-success";

export { loader } from "./verification-success.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.verificationSuccess.title")) : [];

export default function VerificationSuccessPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <PageCard title={t("verify.successTitle")}>
      <FormMessage tone="success">{t("verify.successText")}</FormMessage>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button to={href("/dashboard")}>{t("verify.toDashboard")}</Button>
        <Button to={href("/events")} variant="ghost">
          {t("verify.toEvents")}
        </Button>
      </div>
    </PageCard>
  );
}
