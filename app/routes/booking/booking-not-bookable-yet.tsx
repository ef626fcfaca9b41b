import { useTranslation } from "../../utils/use-translation";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { OpeningNoticeForm } from "../../components/opening-notice-form";
import { PageCard } from "../../components/page-card";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/booking-not-bookable-yet";
import type { RouteHandle } from "../../utils/route-handle";

export { loader, action } from "./booking-not-bookable-yet.server";
export const handle = { caching: "public" } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.notBookableYet.title")) : [];

export default function NotBookableYetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const { event } = loaderData;
  return (
    <PageCard title={t("notBookable.title")}>
      {event && (
        <p className="text-lg text-ink">
          {event.display.bookableFrom
            ? t("notBookable.intro", { event: event.title, date: event.display.bookableFrom })
            : t("notBookable.introNoDate", { event: event.title })}
        </p>
      )}
      <p className="mt-3 text-ink-soft">{t("notBookable.hint")}</p>
      {event?.state === "not_bookable_yet" && (
        <div className="mt-6">
          <OpeningNoticeForm
            locale={loaderData.locale}
            eventTitle={event.title}
            bookableFrom={event.display.bookableFrom}
            lastResult={actionData?.result}
            noticed={actionData?.noticed}
          />
        </div>
      )}
      <Button to={href("/events")} className="mt-6">
        {t("notBookable.toEvents")}
      </Button>
    </PageCard>
  );
}
