import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { AccountActivationPayload } from "../../deps/email-messages";

export function accountActivationSubject(locale: Locale): string {
  return emailText(locale)("accountActivation.subject");
}

/**
 * The customer ticked "Create a customer account" while booking: the account exists without a
 * password, and this link sets the first one (decision 022). Not the reset mail: nobody asked to
 * reset anything, and "ignore it if it was not you" would be the wrong advice.
 */
export function AccountActivation({ locale, payload }: { locale: Locale; payload: AccountActivationPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={accountActivationSubject(locale)}
      preview={t("accountActivation.preview")}
      heading={t("accountActivation.heading")}
      name={payload.name}
    >
      <Paragraph>{t("accountActivation.intro")}</Paragraph>
      <ActionButton locale={locale} href={payload.activateUrl} label={t("accountActivation.button")} />
      <Paragraph>{t("accountActivation.expiry", { count: payload.validDays })}</Paragraph>
      <SmallPrint>{t("accountActivation.notYou")}</SmallPrint>
    </EmailLayout>
  );
}
