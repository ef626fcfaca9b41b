import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { RefundIssuedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function refundIssuedSubject(locale: Locale, payload: RefundIssuedPayload): string {
  return emailText(locale)("refundIssued.subject", { code: payload.code });
}

/** Money went back to the card the customer paid with. */
export function RefundIssued({ locale, payload }: { locale: Locale; payload: RefundIssuedPayload }) {
  const t = emailText(locale);
  const amount = formatMoney(payload.amountCents, locale);
  return (
    <EmailLayout
      locale={locale}
      title={refundIssuedSubject(locale, payload)}
      preview={t("refundIssued.preview", { amount })}
      heading={t("refundIssued.heading")}
      name={payload.name}
    >
      <Paragraph>{t("refundIssued.intro", { amount, code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      {payload.reason && <Paragraph>{t("refundIssued.reason", { reason: payload.reason })}</Paragraph>}
      {payload.account && <AccountSummary locale={locale} account={payload.account} />}
      <SmallPrint>{t("refundIssued.note")}</SmallPrint>
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
