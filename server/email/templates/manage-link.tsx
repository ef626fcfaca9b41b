import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { ManageLinkPayload } from "../../deps/email-messages";

export function manageLinkSubject(locale: Locale, payload: ManageLinkPayload): string {
  return emailText(locale)("newManageLink.subject", { code: payload.code });
}

/** "Send me a new link" on the manage page: the new private link; every earlier one stops working (decision 023). */
export function ManageLink({ locale, payload }: { locale: Locale; payload: ManageLinkPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout locale={locale} title={manageLinkSubject(locale, payload)} preview={t("newManageLink.preview")} heading={t("newManageLink.heading")} name={payload.name}>
      <Paragraph>{t("newManageLink.intro", { eventTitle: payload.eventTitle, code: payload.code })}</Paragraph>
      <ActionButton locale={locale} href={payload.manageUrl} label={t("newManageLink.button")} />
      <Paragraph>{t("newManageLink.revoked")}</Paragraph>
      <SmallPrint>{t("newManageLink.private")}</SmallPrint>
    </EmailLayout>
  );
}
