import { useTranslation } from "../utils/use-translation";
import { localizePath, type Locale } from "../../core/i18n/locales";

/** What the widget says in place of events it cannot show: a few lines, sized for a partner's page. */
export function WidgetNotice({ origin, locale }: { origin: string; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="widget-notice-title" className="rounded-xl bg-navy-50 p-4 text-center ring-1 ring-navy-900/10" data-testid="widget-notice">
      <h1 id="widget-notice-title" className="font-display text-lg font-semibold text-navy-900">
        {t("widgetNotice.unknownTitle")}
      </h1>
      <p className="mt-1 text-sm text-ink-soft">{t("widgetNotice.unknownText")}</p>
      <a href={`${origin}${localizePath("/events", locale)}`} target="_blank" rel="noopener" className="mt-2 inline-block text-sm font-semibold text-navy-700 underline">
        {t("widgetNotice.allEvents")}
      </a>
    </section>
  );
}
