import type { InvoiceSummary } from "../../core/contracts/invoices";
import { formatDate } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";

export type InvoiceListEntry = { uuid: string; title: string; issued: string; amount: string; note: string | null; href: string; standing: boolean };

/**
 * A booking's invoices and cancellation invoices as every page lists them (manage page, dashboard,
 * staff detail), formatted on the server so the browser renders the same text: a cancellation
 * invoice's amount is credited (negative) and says which invoice it cancels; a cancelled invoice says by which.
 */
export function invoiceListOf(documents: readonly InvoiceSummary[], locale: Locale, hrefOf: (document: InvoiceSummary) => string): InvoiceListEntry[] {
  const t = translatorFor(locale);
  return documents.map((document) => ({
    uuid: document.uuid,
    title: t(`invoices.kind.${document.kind}`, { number: document.number }),
    issued: formatDate(document.issued_on, locale),
    amount: formatMoney(document.kind === "cancellation" ? -document.total_cents : document.total_cents, locale),
    note: document.cancels
      ? t("invoices.cancels", { number: document.cancels })
      : document.cancelled_by
        ? t("invoices.cancelledBy", { number: document.cancelled_by })
        : null,
    href: hrefOf(document),
    standing: document.kind === "invoice" && document.cancelled_by === null,
  }));
}
