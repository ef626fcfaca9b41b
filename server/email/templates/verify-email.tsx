import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import { verifyEmailValidHours, type VerifyEmailPayload } from "../email-messages";

export function verifyEmailSubject(locale: Locale): string {
  return emailCatalogues[locale].verifyEmail.subject;
}

export function VerifyEmail({ locale, payload }: { locale: Locale; payload: VerifyEmailPayload }) {
  const text = emailCatalogues[locale].verifyEmail;
  return (
    <EmailLayout locale={locale} title={text.subject} preview={fillText(text.preview)} heading={text.heading} name={payload.name}>
      <Paragraph>{fillText(text.intro)}</Paragraph>
      <ActionButton locale={locale} href={payload.verifyUrl} label={text.button} />
      <Paragraph>{fillText(text.expiry, { hours: verifyEmailValidHours })}</Paragraph>
      <SmallPrint>{text.ignore}</SmallPrint>
    </EmailLayout>
  );
}
