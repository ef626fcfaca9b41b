import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph } from "../email-layout";
import type { InvoicePayload } from "../../deps/email-messages";

export function invoiceSubject(locale: Locale, payload: InvoicePayload): string {
  return emailText(locale)("invoice.subject", { invoiceNumber: payload.invoiceNumber, code: payload.code });
}

/**
 * The date the first transfer is due, from the invoice's snapshot (the site's bank-transfer days after
 * submission, server/invoices/issue-invoice.ts); an old snapshot without it falls back to its issue date.
 */
function transferDueOn(invoice: InvoicePayload["invoice"]): string {
  const due = invoice.depositDueOn;
  return typeof due === "string" && /^\d{4}-\d{2}-\d{2}$/.test(due) ? due : invoice.issuedOn;
}

/**
 * An invoice booking's invoice: the PDF is attached (render-email.tsx). The booking is confirmed when it
 * is submitted (PRODUCT.md lifecycle, and what the API answers), so the mail says so, then what to
 * transfer by when. Nothing releases the places of an unpaid invoice booking automatically (no job or
 * transition does), so the mail promises only what happens: the team gets in touch (decision 025).
 */
export function InvoiceMail({ locale, payload }: { locale: Locale; payload: InvoicePayload }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const dueOn = formatDate(transferDueOn(payload.invoice), locale);
  return (
    <EmailLayout
      locale={locale}
      title={invoiceSubject(locale, payload)}
      preview={t("invoice.preview", { invoiceNumber: payload.invoiceNumber })}
      heading={t("invoice.heading")}
      name={payload.name}
    >
      <Paragraph>{t("invoice.intro", { eventTitle: payload.eventTitle, invoiceNumber: payload.invoiceNumber })}</Paragraph>
      <Paragraph>{t("invoice.confirmed", { code: payload.code })}</Paragraph>
      {payload.invoice.paidByCard ? (
        // A card booking's invoice comes with its first payment: what was paid, and what is still due by when.
        <>
          <Paragraph>{t("invoice.paidByCard", { amount: money(payload.invoice.paidCents ?? 0) })}</Paragraph>
          {(payload.invoice.stillDue ?? []).map((due) => (
            <Paragraph key={`${due.dueOn ?? "open"}-${due.amountCents}`}>
              {due.dueOn
                ? t("invoice.stillDue", { amount: money(due.amountCents), date: formatDate(due.dueOn, locale) })
                : t("invoice.stillDueUndated", { amount: money(due.amountCents) })}
            </Paragraph>
          ))}
        </>
      ) : payload.remainderCents > 0 && payload.remainderDueOn ? (
        <>
          <Paragraph>{t("invoice.deposit", { amount: money(payload.depositCents), date: dueOn, code: payload.code })}</Paragraph>
          <Paragraph>{t("invoice.remainder", { amount: money(payload.remainderCents), date: formatDate(payload.remainderDueOn, locale) })}</Paragraph>
        </>
      ) : (
        <Paragraph>{t("invoice.full", { amount: money(payload.totalCents), date: dueOn, code: payload.code })}</Paragraph>
      )}
      {payload.invoice.paidByCard ? null : <Paragraph>{t("invoice.late")}</Paragraph>}
      <ActionButton locale={locale} href={payload.bookingsUrl} label={t("invoice.button")} />
    </EmailLayout>
  );
}
