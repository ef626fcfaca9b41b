import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText, pluralText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { PasswordResetPayload } from "../email-messages";

export function passwordResetSubject(locale: Locale): string {
  return emailCatalogues[locale].passwordReset.subject;
}

export function PasswordReset({ locale, payload }: { locale: Locale; payload: PasswordResetPayload }) {
  const text = emailCatalogues[locale].passwordReset;
  return (
    <EmailLayout locale={locale} title={text.subject} preview={fillText(text.preview)} heading={text.heading} name={payload.name}>
      <Paragraph>{fillText(text.intro)}</Paragraph>
      <ActionButton locale={locale} href={payload.resetUrl} label={text.button} />
      <Paragraph>{pluralText(text.expiry, payload.expiresInMinutes, locale)}</Paragraph>
      <SmallPrint>{text.ignore}</SmallPrint>
    </EmailLayout>
  );
}
