import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { CancellationReversedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function cancellationReversedSubject(locale: Locale, payload: CancellationReversedPayload): string {
  return emailText(locale)("cancellationReversed.subject", { code: payload.code });
}

/** Staff reversed the customer's cancellation (decision 075): the booking stands again, no fee is kept, and what is owed now. */
export function CancellationReversed({ locale, payload }: { locale: Locale; payload: CancellationReversedPayload }) {
  const t = emailText(locale);
  const outstanding = payload.account.outstandingCents;
  return (
    <EmailLayout
      locale={locale}
      title={cancellationReversedSubject(locale, payload)}
      preview={t("cancellationReversed.preview")}
      heading={t("cancellationReversed.heading")}
      name={payload.name}
    >
      <Paragraph>{t("cancellationReversed.intro", { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      <Paragraph>
        {outstanding > 0
          ? t("cancellationReversed.owed", { amount: formatMoney(outstanding, locale) })
          : t("cancellationReversed.settled", { total: formatMoney(payload.account.owedCents, locale) })}
      </Paragraph>
      <AccountSummary locale={locale} account={payload.account} />
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
