import { useTranslation } from "../../../utils/use-translation";
import type { FormItemKindRenderer, KindRenderProps } from "./kind-renderer";

function PriceList({ item, page }: KindRenderProps) {
  const { t } = useTranslation();
  const id = `item-${item.uuid}`;
  const keys = Array.isArray(item.options.priceKeys) ? (item.options.priceKeys as unknown[]) : [];
  const rows = page.prices.filter((price) => keys.includes(price.key));
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="text-sm font-semibold text-navy-900">
        {item.label}
      </h2>
      <table className="mt-2 w-full text-sm">
        <tbody>
          {rows.map((price) => (
            <tr key={`${price.kind}:${price.key}`} className="border-b border-navy-900/10 last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal text-ink">
                {price.label}
              </th>
              <td className="py-1.5 text-right font-semibold tabular-nums text-navy-900">
                {price.amount}
                {price.per_day && !price.free && <span className="font-normal text-ink-soft"> {t("booking.perDay")}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export const priceList = { Render: PriceList, readAnswer: null } satisfies FormItemKindRenderer;
