import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { CompanionRemovedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function companionRemovedSubject(locale: Locale, payload: CompanionRemovedPayload): string {
  return emailText(locale)("companionRemoved.subject", { code: payload.code });
}

/**
 * The customer took a companion off their booking (decision 075): who, the fee by the event's schedule,
 * what goes back by card now and what staff transfer, the new total and the account — the figures of
 * the manage page's preview.
 */
export function CompanionRemoved({ locale, payload }: { locale: Locale; payload: CompanionRemovedPayload }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <EmailLayout
      locale={locale}
      title={companionRemovedSubject(locale, payload)}
      preview={t("companionRemoved.preview")}
      heading={t("companionRemoved.heading")}
      name={payload.name}
    >
      <Paragraph>{t("companionRemoved.intro", { companion: payload.companionName, code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      <Paragraph>
        {payload.feeCents > 0 ? t("companionRemoved.fee", { fee: money(payload.feeCents) }) : t("companionRemoved.noFee")}{" "}
        {t(payload.invoiceCorrected ? "companionRemoved.totalInvoiced" : "companionRemoved.total", { total: money(payload.totalCents) })}
      </Paragraph>
      {payload.cardRefundCents > 0 && <Paragraph>{t("companionRemoved.cardRefund", { amount: money(payload.cardRefundCents) })}</Paragraph>}
      {payload.queuedRefundCents > 0 && <Paragraph>{t("companionRemoved.queuedRefund", { amount: money(payload.queuedRefundCents) })}</Paragraph>}
      <AccountSummary locale={locale} account={payload.account} />
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
