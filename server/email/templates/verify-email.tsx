import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import { verifyEmailValidHours, type VerifyEmailPayload } from "../../deps/email-messages";

export function verifyEmailSubject(locale: Locale): string {
  return emailText(locale)("verifyEmail.subject");
}

export function VerifyEmail({ locale, payload }: { locale: Locale; payload: VerifyEmailPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout locale={locale} title={t("verifyEmail.subject")} preview={t("verifyEmail.preview")} heading={t("verifyEmail.heading")} name={payload.name}>
      <Paragraph>{t("verifyEmail.intro")}</Paragraph>
      <ActionButton locale={locale} href={payload.verifyUrl} label={t("verifyEmail.button")} />
      <Paragraph>{t("verifyEmail.expiry", { hours: verifyEmailValidHours })}</Paragraph>
      <SmallPrint>{t("verifyEmail.ignore")}</SmallPrint>
    </EmailLayout>
  );
}
