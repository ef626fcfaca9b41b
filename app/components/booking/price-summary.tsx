import { useTranslation } from "react-i18next";
import type { PriceSummaryView } from "../../utils/booking-view";

/** Event price, companions, extras, total, and what is due now and later (PRODUCT.md "Money"). */
export function PriceSummary({ summary }: { summary: PriceSummaryView | null }) {
  const { t } = useTranslation();
  if (!summary) return null;
  const row = (label: string, amount: string, strong = false) => (
    <div className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? "font-semibold text-navy-900" : "text-ink"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 lg:sticky lg:top-24" aria-labelledby="price-summary-title">
      <h2 id="price-summary-title" className="font-display text-lg font-bold text-navy-900">
        {t("booking.price.title")}
      </h2>
      {/* Announced politely as the visitor changes companions or vehicles. */}
      <dl className="mt-3 divide-y divide-navy-900/10 text-sm" aria-live="polite" data-testid="price-summary">
        {row(t("booking.price.eventPrice"), summary.eventPrice)}
        {summary.companions && row(t("booking.price.companions", { count: summary.companions.count }), summary.companions.total)}
        {summary.addons && row(t("booking.price.addons"), summary.addons)}
        {row(t("booking.price.total"), summary.total, true)}
        {summary.deposit
          ? row(t("booking.price.depositNow", { percent: summary.deposit.percent }), summary.dueNow, true)
          : row(t("booking.price.dueNow"), summary.dueNow, true)}
        {summary.deposit && row(t("booking.price.remainder", { date: summary.deposit.dueOn }), summary.deposit.remainder)}
      </dl>
    </section>
  );
}
