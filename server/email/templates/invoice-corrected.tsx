import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph } from "../email-layout";
import type { InvoiceCorrectedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";

export function invoiceCorrectedSubject(locale: Locale, payload: InvoiceCorrectedPayload): string {
  return emailText(locale)("invoiceCorrected.subject", { code: payload.code });
}

/**
 * What the booking owes changed after its invoice was issued (a staff edit, a cancellation, a fee
 * kept, a reduction): the standing invoice is cancelled by a cancellation invoice and, where money is
 * still owed, a new invoice replaces it (server/invoices/correct-invoices.ts). Both are attached.
 */
export function InvoiceCorrectedMail({ locale, payload }: { locale: Locale; payload: InvoiceCorrectedPayload }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <EmailLayout
      locale={locale}
      title={invoiceCorrectedSubject(locale, payload)}
      preview={t("invoiceCorrected.preview")}
      heading={t("invoiceCorrected.heading")}
      name={payload.name}
    >
      <Paragraph>{t("invoiceCorrected.intro", { eventTitle: payload.eventTitle, code: payload.code })}</Paragraph>
      {payload.cancellations.map((cancellation) => (
        <Paragraph key={cancellation.invoiceNumber}>
          {t("invoiceCorrected.cancelled", {
            number: cancellation.cancels?.invoiceNumber ?? "",
            cancellationNumber: cancellation.invoiceNumber,
            amount: money(cancellation.totalCents),
          })}
        </Paragraph>
      ))}
      {payload.invoice ? (
        <Paragraph>{t("invoiceCorrected.replaced", { number: payload.invoice.invoiceNumber, amount: money(payload.invoice.totalCents) })}</Paragraph>
      ) : (
        <Paragraph>{t("invoiceCorrected.nothingOwed")}</Paragraph>
      )}
      {payload.account && <AccountSummary locale={locale} account={payload.account} />}
      <ActionButton locale={locale} href={payload.bookingsUrl} label={t("invoiceCorrected.button")} />
    </EmailLayout>
  );
}
