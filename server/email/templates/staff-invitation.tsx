import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { StaffInvitationPayload } from "../../deps/email-messages";

export function staffInvitationSubject(locale: Locale): string {
  return emailText(locale)("staffInvitation.subject");
}

/** An admin invited someone to the back office: the link sets the password; the first login sets up the second factor (decision 027). */
export function StaffInvitation({ locale, payload }: { locale: Locale; payload: StaffInvitationPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout locale={locale} title={staffInvitationSubject(locale)} preview={t("staffInvitation.preview")} heading={t("staffInvitation.heading")} name={payload.name}>
      <Paragraph>{t("staffInvitation.intro", { inviter: payload.inviterName, role: t(`staffInvitation.roles.${payload.role}`) })}</Paragraph>
      <ActionButton locale={locale} href={payload.acceptUrl} label={t("staffInvitation.button")} />
      <Paragraph>{t("staffInvitation.expiry", { count: payload.validDays })}</Paragraph>
      <SmallPrint>{t("staffInvitation.notYou")}</SmallPrint>
    </EmailLayout>
  );
}
