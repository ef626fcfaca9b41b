import { useTranslation } from "../../utils/use-translation";
import type { PriceLinesView } from "../../utils/price-lines-view";

/**
 * The booking's price lines in the staff detail's money panel (issue 28): what the booking costs,
 * line by line as its invoice prints them, with quantity × unit price, the total, a reduction staff
 * granted and a cancelled booking's kept fee. A table, so a screen reader reads each amount with its line.
 */
export function BookingPriceLines({ view }: { view: PriceLinesView }) {
  const { t } = useTranslation();
  return (
    <div className="mb-4">
      <table className="w-full text-sm">
        <caption className="pb-1 text-left text-sm font-semibold text-navy-900">
          {t("admin.booking.priceLines.title")}
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">{t("admin.booking.priceLines.item")}</th>
            <th scope="col">{t("admin.booking.priceLines.amount")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-navy-900/10">
          {view.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row" className="py-2 pr-3 text-left align-top font-normal">
                <span className="block font-semibold text-navy-900">{line.label}</span>
                <span className="block text-ink-soft">{t("admin.booking.priceLines.quantityTimesUnit", { quantity: line.quantity, unit: line.unit })}</span>
              </th>
              <td className="whitespace-nowrap py-2 text-right align-top font-semibold text-navy-900">{line.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-navy-900/20">
          <tr>
            <th scope="row" className="py-2 pr-3 text-left font-semibold text-navy-900">
              {t("admin.booking.priceLines.total")}
            </th>
            <td className="whitespace-nowrap py-2 text-right font-bold text-navy-900">{view.total}</td>
          </tr>
          {view.reduction && (
            <>
              <tr>
                <th scope="row" className="py-2 pr-3 text-left font-normal text-ink">
                  {t("admin.booking.priceLines.reduction")}
                </th>
                <td className="whitespace-nowrap py-2 text-right font-semibold text-navy-900">{view.reduction.amount}</td>
              </tr>
              <tr>
                <th scope="row" className="py-2 pr-3 text-left font-semibold text-navy-900">
                  {t("admin.booking.priceLines.afterReduction")}
                </th>
                <td className="whitespace-nowrap py-2 text-right font-bold text-navy-900">{view.reduction.after}</td>
              </tr>
            </>
          )}
        </tfoot>
      </table>
      {view.cancellationFee && (
        <p className="mt-2 rounded-lg bg-navy-50 px-3 py-2 text-sm text-ink ring-1 ring-inset ring-navy-900/10">
          {view.keptNothing ? t("admin.booking.priceLines.noCancellationFee") : t("admin.booking.priceLines.cancellationFee", { amount: view.cancellationFee })}
        </p>
      )}
      {view.mismatch && (
        <p role="note" className="mt-2 text-sm text-danger-700">
          {t("admin.booking.priceLines.mismatch", { lines: view.mismatch.lines, total: view.mismatch.total })}
        </p>
      )}
    </div>
  );
}
