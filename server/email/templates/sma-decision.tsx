import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { SmaRejectedPayload, SmaRequestedPayload, SmaVerifiedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function smaVerifiedSubject(locale: Locale, payload: SmaVerifiedPayload): string {
  return emailText(locale)("smaVerified.subject", { code: payload.code });
}

/** Staff verified the request by phone: the booking is confirmed, and the link continues to the payment. */
export function SmaVerified({ locale, payload }: { locale: Locale; payload: SmaVerifiedPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={smaVerifiedSubject(locale, payload)}
      preview={t("smaVerified.preview")}
      heading={t("smaVerified.heading")}
      name={payload.name}
    >
      <Paragraph>{t("smaVerified.intro", { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      {payload.amountCents > 0 && <Paragraph>{t("smaVerified.pay", { amount: formatMoney(payload.amountCents, locale) })}</Paragraph>}
      {payload.account && <AccountSummary locale={locale} account={payload.account} />}
      <ActionButton locale={locale} href={payload.payUrl} label={t("smaVerified.button")} />
      <SmallPrint>{t("smaVerified.note")}</SmallPrint>
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}

export function smaRejectedSubject(locale: Locale, payload: SmaRejectedPayload): string {
  return emailText(locale)("smaRejected.subject", { code: payload.code });
}

/** Staff could not verify the request: the places are released, nothing was charged. */
export function SmaRejected({ locale, payload }: { locale: Locale; payload: SmaRejectedPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={smaRejectedSubject(locale, payload)}
      preview={t("smaRejected.preview")}
      heading={t("smaRejected.heading")}
      name={payload.name}
    >
      <Paragraph>{t("smaRejected.intro", { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      <ActionButton locale={locale} href={payload.eventsUrl} label={t("smaRejected.button")} />
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}

export function smaRequestedSubject(locale: Locale, payload: SmaRequestedPayload): string {
  return emailText(locale)("smaRequested.subject", { code: payload.code });
}

/** To staff: whom to call about which request, and a link to the booking's back-office page, where they decide. */
export function SmaRequested({ locale, payload }: { locale: Locale; payload: SmaRequestedPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={smaRequestedSubject(locale, payload)}
      preview={t("smaRequested.preview")}
      heading={t("smaRequested.heading")}
      name="Team"
    >
      <Paragraph>
        {t("smaRequested.intro", {
          name: payload.name,
          code: payload.code,
          eventTitle: payload.eventTitle,
          count: payload.people,
          total: formatMoney(payload.totalCents, locale),
        })}
      </Paragraph>
      <Paragraph>{t("smaRequested.contact", { phone: payload.phone, email: payload.email, language: payload.customerLocale.toUpperCase() })}</Paragraph>
      <Paragraph>{t("smaRequested.decide")}</Paragraph>
      {payload.backOfficeUrl ? <ActionButton locale={locale} href={payload.backOfficeUrl} label={t("smaRequested.button")} /> : null}
    </EmailLayout>
  );
}
