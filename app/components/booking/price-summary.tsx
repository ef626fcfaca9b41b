import { useTranslation } from "../../utils/use-translation";
import type { PriceSummaryView } from "../../utils/booking-view";

/**
 * Where the summary sits: beside the form on wide screens ("aside"), and above the page's buttons on
 * phones ("inline"), where the customer reads it before saving (below the Save button it was missed).
 * The booking page renders both; each shows on its screen sizes only, so exactly one is visible.
 */
export type PriceSummaryPlacement = "aside" | "inline";

const placementStyles = {
  aside: { box: "bg-white lg:sticky lg:top-24", idPrefix: "price-summary", testId: "price-summary" },
  inline: { box: "bg-navy-50", idPrefix: "price-summary-inline", testId: "price-summary-inline" },
} as const satisfies Record<PriceSummaryPlacement, { box: string; idPrefix: string; testId: string }>;

/** Event price, companions, extras, priced choices, total, and what is due now and later (PRODUCT.md "Money"). */
export function PriceSummary({ summary, placement = "aside", className = "" }: { summary: PriceSummaryView | null; placement?: PriceSummaryPlacement; className?: string }) {
  const { t } = useTranslation();
  if (!summary) return null;
  const row = (label: string, amount: string, strong = false) => (
    <div className={`flex items-baseline justify-between gap-4 py-1.5 ${strong ? "font-semibold text-navy-900" : "text-ink"}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );
  const style = placementStyles[placement];
  return (
    <section className={`rounded-2xl p-5 shadow-sm ring-1 ring-navy-900/10 ${style.box} ${className}`} aria-labelledby={`${style.idPrefix}-title`}>
      <h2 id={`${style.idPrefix}-title`} className="font-display text-lg font-bold text-navy-900">
        {t("booking.price.title")}
      </h2>
      {/* Announced politely as the visitor changes companions, vehicles or priced choices. */}
      <dl className="mt-3 divide-y divide-navy-900/10 text-sm" aria-live="polite" data-testid={style.testId}>
        {row(t("booking.price.eventPrice"), summary.eventPrice)}
        {summary.companions && row(t("booking.price.companions", { count: summary.companions.count }), summary.companions.total)}
        {summary.addons && row(t("booking.price.addons"), summary.addons)}
        {summary.options && row(t("booking.price.options"), summary.options)}
        {summary.discount && row(t("booking.price.discount", { code: summary.discount.code }), summary.discount.amount)}
        {row(t("booking.price.total"), summary.total, true)}
        {summary.deposit
          ? row(t("booking.price.depositNow", { percent: summary.deposit.percent }), summary.dueNow, true)
          : row(t("booking.price.dueNow"), summary.dueNow, true)}
        {summary.deposit && row(t("booking.price.remainder", { date: summary.deposit.dueOn }), summary.deposit.remainder)}
      </dl>
    </section>
  );
}
