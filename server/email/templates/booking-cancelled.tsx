import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { BookingCancelledPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function bookingCancelledSubject(locale: Locale, payload: BookingCancelledPayload): string {
  return emailText(locale)("bookingCancelled.subject", { code: payload.code });
}

/** Staff cancelled the booking: the places are released; a refund, when there is one, is named here and mailed on its own. */
export function BookingCancelled({ locale, payload }: { locale: Locale; payload: BookingCancelledPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={bookingCancelledSubject(locale, payload)}
      preview={t("bookingCancelled.preview")}
      heading={t("bookingCancelled.heading")}
      name={payload.name}
    >
      <Paragraph>{t("bookingCancelled.intro", { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      {payload.reason && <Paragraph>{t("bookingCancelled.reason", { reason: payload.reason })}</Paragraph>}
      <Paragraph>
        {payload.refundCents > 0 ? t("bookingCancelled.refund", { amount: formatMoney(payload.refundCents, locale) }) : t("bookingCancelled.noRefund")}
      </Paragraph>
      {payload.account && <AccountSummary locale={locale} account={payload.account} />}
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
