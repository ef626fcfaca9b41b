import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { TransferReceivedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function transferReceivedSubject(locale: Locale, payload: TransferReceivedPayload): string {
  return emailText(locale)("transferReceived.subject", { code: payload.code });
}

/** Staff recorded the customer's bank transfer: what came in on which day, and what is still open. */
export function TransferReceived({ locale, payload }: { locale: Locale; payload: TransferReceivedPayload }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const open = payload.totalCents - payload.paidCents;
  return (
    <EmailLayout
      locale={locale}
      title={transferReceivedSubject(locale, payload)}
      preview={t("transferReceived.preview", { amount: money(payload.amountCents) })}
      heading={t("transferReceived.heading")}
      name={payload.name}
    >
      <Paragraph>
        {t("transferReceived.intro", {
          amount: money(payload.amountCents),
          date: formatDate(payload.receivedOn, locale),
          code: payload.code,
          eventTitle: payload.eventTitle,
        })}
      </Paragraph>
      {payload.account ? (
        <>
          <AccountSummary locale={locale} account={payload.account} />
          {payload.account.outstandingCents === 0 && payload.account.creditCents === 0 && <Paragraph>{t("transferReceived.paidInFull")}</Paragraph>}
          {payload.account.creditCents > 0 && <Paragraph>{t("transferReceived.overpaid", { amount: money(payload.account.creditCents) })}</Paragraph>}
        </>
      ) : (
        <>
          <Paragraph>{t("transferReceived.paidSoFar", { paid: money(payload.paidCents), total: money(payload.totalCents) })}</Paragraph>
          <Paragraph>
            {open > 0
              ? t("transferReceived.open", { amount: money(open) })
              : open < 0
                ? t("transferReceived.overpaid", { amount: money(-open) })
                : t("transferReceived.paidInFull")}
          </Paragraph>
        </>
      )}
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
