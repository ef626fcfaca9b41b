import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph } from "../email-layout";
import type { InvoicePayload } from "../email-messages";

export function invoiceSubject(locale: Locale, payload: InvoicePayload): string {
  return fillText(emailCatalogues[locale].invoice.subject, { invoiceNumber: payload.invoiceNumber, code: payload.code });
}

/** An invoice booking's invoice: the PDF is attached (render-email.tsx); the mail says what to transfer when. */
export function InvoiceMail({ locale, payload }: { locale: Locale; payload: InvoicePayload }) {
  const text = emailCatalogues[locale].invoice;
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <EmailLayout
      locale={locale}
      title={invoiceSubject(locale, payload)}
      preview={fillText(text.preview, { invoiceNumber: payload.invoiceNumber })}
      heading={text.heading}
      name={payload.name}
    >
      <Paragraph>{fillText(text.intro, { eventTitle: payload.eventTitle, invoiceNumber: payload.invoiceNumber })}</Paragraph>
      {payload.remainderCents > 0 && payload.remainderDueOn ? (
        <>
          <Paragraph>{fillText(text.deposit, { amount: money(payload.depositCents), code: payload.code })}</Paragraph>
          <Paragraph>{fillText(text.remainder, { amount: money(payload.remainderCents), date: formatDate(payload.remainderDueOn, locale) })}</Paragraph>
        </>
      ) : (
        <Paragraph>{fillText(text.full, { amount: money(payload.totalCents), code: payload.code })}</Paragraph>
      )}
      <ActionButton locale={locale} href={payload.bookingsUrl} label={text.button} />
    </EmailLayout>
  );
}
