import type { Locale } from "../../../core/i18n/locales";
import { emailText, formatDeadline } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { PasswordChangedPayload } from "../../deps/email-messages";

export function passwordChangedSubject(locale: Locale): string {
  return emailText(locale)("passwordChanged.subject");
}

/** The security notice after a password change (settings or reset link): "if this was not you, reset it here". */
export function PasswordChanged({ locale, payload }: { locale: Locale; payload: PasswordChangedPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={t("passwordChanged.subject")}
      preview={t("passwordChanged.preview")}
      heading={t("passwordChanged.heading")}
      name={payload.name}
    >
      <Paragraph>{t("passwordChanged.body", { changedAt: formatDeadline(payload.changedAt, locale) })}</Paragraph>
      <Paragraph>{t("passwordChanged.notYou")}</Paragraph>
      <ActionButton locale={locale} href={payload.resetUrl} label={t("passwordChanged.button")} />
      <SmallPrint>{t("passwordChanged.wasYou")}</SmallPrint>
    </EmailLayout>
  );
}
