import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { PaymentRefundNeededPayload } from "../email-messages";

export function paymentRefundNeededSubject(locale: Locale, payload: PaymentRefundNeededPayload): string {
  return fillText(emailCatalogues[locale].paymentRefundNeeded.subject, { code: payload.code });
}

/** To staff: a payment the site could not keep (places gone, paid twice); it is marked `refund_pending`. */
export function PaymentRefundNeeded({ locale, payload }: { locale: Locale; payload: PaymentRefundNeededPayload }) {
  const text = emailCatalogues[locale].paymentRefundNeeded;
  return (
    <EmailLayout locale={locale} title={paymentRefundNeededSubject(locale, payload)} preview={text.preview} heading={text.heading} name="Team">
      <Paragraph>{fillText(text.intro, { amount: formatMoney(payload.amountCents, locale), code: payload.code, reason: payload.reason })}</Paragraph>
      <Paragraph>{fillText(text.reference, { paymentId: payload.paymentId, provider: payload.provider, reference: payload.providerReference })}</Paragraph>
      <Paragraph>{text.action}</Paragraph>
    </EmailLayout>
  );
}
