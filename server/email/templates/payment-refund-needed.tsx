import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { PaymentRefundNeededPayload } from "../../deps/email-messages";

export function paymentRefundNeededSubject(locale: Locale, payload: PaymentRefundNeededPayload): string {
  return emailText(locale)("paymentRefundNeeded.subject", { code: payload.code });
}

/** To staff: a payment the site could not keep (places gone, paid twice); it is marked `refund_pending`. */
export function PaymentRefundNeeded({ locale, payload }: { locale: Locale; payload: PaymentRefundNeededPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout locale={locale} title={paymentRefundNeededSubject(locale, payload)} preview={t("paymentRefundNeeded.preview")} heading={t("paymentRefundNeeded.heading")} name="Team">
      <Paragraph>{t("paymentRefundNeeded.intro", { amount: formatMoney(payload.amountCents, locale), code: payload.code, reason: payload.reason })}</Paragraph>
      <Paragraph>{t("paymentRefundNeeded.reference", { paymentId: payload.paymentId, provider: payload.provider, reference: payload.providerReference })}</Paragraph>
      <Paragraph>{t("paymentRefundNeeded.action")}</Paragraph>
    </EmailLayout>
  );
}
