import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph } from "../email-layout";
import type { InvoicePayload } from "../email-messages";

export function invoiceSubject(locale: Locale, payload: InvoicePayload): string {
  return emailText(locale)("invoice.subject", { invoiceNumber: payload.invoiceNumber, code: payload.code });
}

/** An invoice booking's invoice: the PDF is attached (render-email.tsx); the mail says what to transfer when. */
export function InvoiceMail({ locale, payload }: { locale: Locale; payload: InvoicePayload }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <EmailLayout
      locale={locale}
      title={invoiceSubject(locale, payload)}
      preview={t("invoice.preview", { invoiceNumber: payload.invoiceNumber })}
      heading={t("invoice.heading")}
      name={payload.name}
    >
      <Paragraph>{t("invoice.intro", { eventTitle: payload.eventTitle, invoiceNumber: payload.invoiceNumber })}</Paragraph>
      {payload.remainderCents > 0 && payload.remainderDueOn ? (
        <>
          <Paragraph>{t("invoice.deposit", { amount: money(payload.depositCents), code: payload.code })}</Paragraph>
          <Paragraph>{t("invoice.remainder", { amount: money(payload.remainderCents), date: formatDate(payload.remainderDueOn, locale) })}</Paragraph>
        </>
      ) : (
        <Paragraph>{t("invoice.full", { amount: money(payload.totalCents), code: payload.code })}</Paragraph>
      )}
      <ActionButton locale={locale} href={payload.bookingsUrl} label={t("invoice.button")} />
    </EmailLayout>
  );
}
