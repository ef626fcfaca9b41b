import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { AccountDeletedPayload } from "../../deps/email-messages";

export function accountDeletedSubject(locale: Locale): string {
  return emailText(locale)("accountDeleted.subject");
}

export function AccountDeleted({ locale, payload }: { locale: Locale; payload: AccountDeletedPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout locale={locale} title={t("accountDeleted.subject")} preview={t("accountDeleted.preview")} heading={t("accountDeleted.heading")} name={payload.name}>
      <Paragraph>{t("accountDeleted.body")}</Paragraph>
      <Paragraph>{t("accountDeleted.newAccount")}</Paragraph>
      <SmallPrint>{t("accountDeleted.notYou")}</SmallPrint>
    </EmailLayout>
  );
}
