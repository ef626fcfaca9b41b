import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { PaymentReceivedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function paymentReceivedSubject(locale: Locale, payload: PaymentReceivedPayload): string {
  return emailText(locale)("paymentReceived.subject", { code: payload.code });
}

/** The receipt of a card payment: what came in, what is paid so far, and what is still due when. */
export function PaymentReceived({ locale, payload }: { locale: Locale; payload: PaymentReceivedPayload }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const remainder = payload.totalCents - payload.paidCents;
  return (
    <EmailLayout
      locale={locale}
      title={paymentReceivedSubject(locale, payload)}
      preview={t("paymentReceived.preview", { amount: money(payload.amountCents) })}
      heading={t("paymentReceived.heading")}
      name={payload.name}
    >
      <Paragraph>
        {t("paymentReceived.intro", {
          amount: money(payload.amountCents),
          code: payload.code,
          eventTitle: payload.eventTitle,
          date: formatDate(payload.startsOn, locale),
        })}
      </Paragraph>
      {payload.account ? (
        <AccountSummary locale={locale} account={payload.account} />
      ) : (
        <>
          <Paragraph>{t("paymentReceived.paidSoFar", { paid: money(payload.paidCents), total: money(payload.totalCents) })}</Paragraph>
          <Paragraph>
            {remainder > 0 && payload.remainderDueOn
              ? t("paymentReceived.remainder", { amount: money(remainder), date: formatDate(payload.remainderDueOn, locale) })
              : t("paymentReceived.paidInFull")}
          </Paragraph>
        </>
      )}
      {payload.account && payload.account.outstandingCents === 0 && <Paragraph>{t("paymentReceived.paidInFull")}</Paragraph>}
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
