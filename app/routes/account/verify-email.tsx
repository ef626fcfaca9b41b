import { useEffect, useRef } from "react";
import { useTranslation } from "../../utils/use-translation";
import { useFetcher } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/verify-email";
import type { action as verifyEmailAction } from "./verify-email.server";

export { loader, action } from "./verify-email.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.verify.title")) : [];

export default function VerifyEmailPage() {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const fetcher = useFetcher<typeof verifyEmailAction>();
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void fetcher.submit(null, { method: "post" });
  }, [fetcher]);

  const failed = fetcher.state === "idle" && fetcher.data?.verified === false;
  return (
    <PageCard title={failed ? t("verify.failedTitle") : t("verify.title")}>
      {failed ? (
        <div className="space-y-5">
          <FormMessage tone="error">{t("verify.failedText")}</FormMessage>
          <Button to={href("/login")}>{t("login.submit")}</Button>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-5">
          <p role="status" className="flex items-center gap-3 text-ink">
            <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-navy-100 border-t-navy-700" />
            {t("verify.loading")}
          </p>
          <noscript>
            <form method="post">
              <button type="submit" className="rounded-full bg-gold-400 px-4 py-2.5 text-sm font-semibold text-navy-950">
                {t("verify.confirm")}
              </button>
            </form>
          </noscript>
        </div>
      )}
    </PageCard>
  );
}
