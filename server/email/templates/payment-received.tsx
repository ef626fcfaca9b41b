import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph } from "../email-layout";
import type { PaymentReceivedPayload } from "../email-messages";

export function paymentReceivedSubject(locale: Locale, payload: PaymentReceivedPayload): string {
  return fillText(emailCatalogues[locale].paymentReceived.subject, { code: payload.code });
}

/** The receipt of a card payment: what came in, what is paid so far, and what is still due when. */
export function PaymentReceived({ locale, payload }: { locale: Locale; payload: PaymentReceivedPayload }) {
  const text = emailCatalogues[locale].paymentReceived;
  const money = (cents: number) => formatMoney(cents, locale);
  const remainder = payload.totalCents - payload.paidCents;
  return (
    <EmailLayout
      locale={locale}
      title={paymentReceivedSubject(locale, payload)}
      preview={fillText(text.preview, { amount: money(payload.amountCents) })}
      heading={text.heading}
      name={payload.name}
    >
      <Paragraph>
        {fillText(text.intro, {
          amount: money(payload.amountCents),
          code: payload.code,
          eventTitle: payload.eventTitle,
          date: formatDate(payload.startsOn, locale),
        })}
      </Paragraph>
      <Paragraph>{fillText(text.paidSoFar, { paid: money(payload.paidCents), total: money(payload.totalCents) })}</Paragraph>
      <Paragraph>
        {remainder > 0 && payload.remainderDueOn
          ? fillText(text.remainder, { amount: money(remainder), date: formatDate(payload.remainderDueOn, locale) })
          : text.paidInFull}
      </Paragraph>
      <ActionButton locale={locale} href={payload.bookingsUrl} label={text.button} />
    </EmailLayout>
  );
}
