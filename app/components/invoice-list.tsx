import { useTranslation } from "../utils/use-translation";
import type { InvoiceListEntry } from "../utils/invoice-list-view";

/** A booking's invoices and cancellation invoices, oldest first, each with its PDF (app/utils/invoice-list-view.ts). */
export function InvoiceList({ entries }: { entries: readonly InvoiceListEntry[] }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="text-sm text-ink-soft">{t("invoices.none")}</p>;
  return (
    <ul className="divide-y divide-navy-900/10 text-sm">
      {entries.map((entry) => (
        <li key={entry.uuid} className="py-2">
          {/* Stacked: the list also sits in the staff detail's narrow column. */}
          <span className="block font-semibold text-navy-900">{entry.title}</span>
          <span className="block text-ink-soft">
            {entry.issued}
            {entry.note && ` · ${entry.note}`}
          </span>
          <span className="mt-1 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <span className={entry.standing ? "font-semibold tabular-nums text-ink" : "tabular-nums text-ink-soft"}>{entry.amount}</span>
            <a
              href={entry.href}
              download
              aria-label={t("invoices.downloadNamed", { name: entry.title })}
              className="font-semibold text-navy-800 underline underline-offset-2"
            >
              {t("invoices.download")}
            </a>
          </span>
        </li>
      ))}
    </ul>
  );
}
