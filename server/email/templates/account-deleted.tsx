import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText } from "../email-catalogue";
import { EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { AccountDeletedPayload } from "../email-messages";

export function accountDeletedSubject(locale: Locale): string {
  return emailCatalogues[locale].accountDeleted.subject;
}

export function AccountDeleted({ locale, payload }: { locale: Locale; payload: AccountDeletedPayload }) {
  const text = emailCatalogues[locale].accountDeleted;
  return (
    <EmailLayout locale={locale} title={text.subject} preview={fillText(text.preview)} heading={text.heading} name={payload.name}>
      <Paragraph>{fillText(text.body)}</Paragraph>
      <Paragraph>{text.newAccount}</Paragraph>
      <SmallPrint>{text.notYou}</SmallPrint>
    </EmailLayout>
  );
}
