import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { PasswordResetPayload } from "../../deps/email-messages";

export function passwordResetSubject(locale: Locale): string {
  return emailText(locale)("passwordReset.subject");
}

export function PasswordReset({ locale, payload }: { locale: Locale; payload: PasswordResetPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout locale={locale} title={t("passwordReset.subject")} preview={t("passwordReset.preview")} heading={t("passwordReset.heading")} name={payload.name}>
      <Paragraph>{t("passwordReset.intro")}</Paragraph>
      <ActionButton locale={locale} href={payload.resetUrl} label={t("passwordReset.button")} />
      <Paragraph>{t("passwordReset.expiry", { count: payload.expiresInMinutes })}</Paragraph>
      <SmallPrint>{t("passwordReset.ignore")}</SmallPrint>
    </EmailLayout>
  );
}
