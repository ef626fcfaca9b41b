import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/delete-success";

export { loader } from "./delete-success.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.deleteSuccess.title")) : [];

export default function DeleteSuccessPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  return (
    <PageCard title={t("deleteProfile.successTitle")}>
      <FormMessage tone="success">{t("deleteProfile.successText")}</FormMessage>
      <Button to={href("/")} className="mt-6">
        {t("deleteProfile.backHome")}
      </Button>
    </PageCard>
  );
}
