import type { WaiverPerson } from "../../../core/contracts/waivers";
import { formatDate } from "../../../core/domain/dates";
import type { Locale } from "../../../core/i18n/locales";
import { useTranslation } from "../../utils/use-translation";

/** A person's waiver state as a badge: missing (amber), signed or on paper with the day (green), not needed (grey). */
export function WaiverStateLabel({ waiver, locale }: { waiver: WaiverPerson["waiver"]; locale: Locale }) {
  const { t } = useTranslation();
  if (waiver.state === "missing")
    return <span className="inline-flex rounded-full bg-gold-100 px-2.5 py-0.5 text-sm font-semibold text-navy-900">{t("waiver.states.missing")}</span>;
  if (waiver.state === "not_required") return <span className="inline-flex rounded-full bg-navy-50 px-2.5 py-0.5 text-sm text-ink-soft">{t("waiver.states.not_required")}</span>;
  const date = formatDate(waiver.signedAt.slice(0, 10), locale);
  return (
    <span className="inline-flex rounded-full bg-success-50 px-2.5 py-0.5 text-sm font-semibold text-success-700">
      {waiver.method === "paper" ? t("waiver.states.paper", { date }) : t("waiver.states.signed", { date })}
    </span>
  );
}
