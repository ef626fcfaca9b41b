import { useTranslation } from "../../utils/use-translation";

type Day = { date: string; count: number; label: string; full: string };
type BookingsPerDayProps = {
  perDay: { from: string; to: string; days: Day[]; total: number; peak: Day | null };
};

/**
 * Bookings per day as CSS bars with the numbers above them; the chart as a whole is one image whose
 * text alternative sums it up, and the same series follows as a table (issue 13: "a chart with the
 * same numbers as a table"). Thirty-one columns fit a phone, so the day labels show every seventh day.
 */
export function BookingsPerDayChart({ perDay }: BookingsPerDayProps) {
  const { t } = useTranslation();
  const highest = Math.max(1, ...perDay.days.map((day) => day.count));
  const summary = perDay.peak
    ? t("admin.dashboard.perDaySummary", { total: perDay.total, days: perDay.days.length, peakDay: perDay.peak.full, peak: perDay.peak.count })
    : t("admin.dashboard.perDayNone", { days: perDay.days.length });
  return (
    <div>
      <p className="text-sm text-ink-soft">{t("admin.dashboard.perDayRange", { from: perDay.from, to: perDay.to })}</p>
      <p className="mt-1 text-sm text-ink">{summary}</p>
      <div role="img" aria-label={summary} className="mt-4 flex h-40 items-end gap-0.5 border-b border-navy-900/30 sm:gap-1">
        {perDay.days.map((day) => (
          <div key={day.date} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end" title={`${day.full}: ${day.count}`}>
            {day.count > 0 && <span className="text-[10px] font-semibold leading-none text-navy-900 sm:text-xs">{day.count}</span>}
            <div className="mt-0.5 w-full rounded-t-sm bg-navy-700" style={{ height: `${(day.count / highest) * 85}%` }} />
          </div>
        ))}
      </div>
      <div aria-hidden="true" className="mt-1 flex gap-0.5 sm:gap-1">
        {perDay.days.map((day, index) => (
          <span key={day.date} className="min-w-0 flex-1 overflow-visible whitespace-nowrap text-[10px] text-ink-soft sm:text-xs">
            {index % 7 === 0 ? day.label : ""}
          </span>
        ))}
      </div>
      <details className="mt-4 rounded-lg bg-white ring-1 ring-inset ring-navy-900/10">
        <summary className="cursor-pointer px-4 py-2 text-sm font-semibold text-navy-800">{t("admin.dashboard.perDayTable")}</summary>
        <div className="px-4 pb-3">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("admin.dashboard.perDayTitle")}</caption>
            <thead>
              <tr className="border-b border-navy-900/15 text-left">
                <th scope="col" className="py-1.5 font-semibold">
                  {t("admin.dashboard.day")}
                </th>
                <th scope="col" className="py-1.5 text-right font-semibold">
                  {t("admin.dashboard.bookings")}
                </th>
              </tr>
            </thead>
            <tbody>
              {perDay.days.map((day) => (
                <tr key={day.date} className="border-b border-navy-900/5">
                  <th scope="row" className="py-1 text-left font-normal">
                    {day.full}
                  </th>
                  <td className="py-1 text-right tabular-nums">{day.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
