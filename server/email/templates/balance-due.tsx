import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText, formatEndOfDayDeadline } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { BalanceDuePayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

export function balanceDueSubject(locale: Locale, payload: BalanceDuePayload): string {
  const t = emailText(locale);
  return t(payload.reminder ? "balanceDue.reminderSubject" : "balanceDue.subject", { code: payload.code });
}

/** The remainder falls due (30 days before the event): the amount, the date, and a link to pay it by card. */
export function BalanceDue({ locale, payload }: { locale: Locale; payload: BalanceDuePayload }) {
  const t = emailText(locale);
  const amount = formatMoney(payload.amountCents, locale);
  const date = formatDate(payload.dueOn, locale);
  return (
    <EmailLayout
      locale={locale}
      title={balanceDueSubject(locale, payload)}
      preview={t("balanceDue.preview", { amount, date })}
      heading={t("balanceDue.heading")}
      name={payload.name}
    >
      <Paragraph>
        {t("balanceDue.intro", { eventTitle: payload.eventTitle, startsOn: formatDate(payload.startsOn, locale), amount, code: payload.code, date })}
      </Paragraph>
      {payload.reminder && <Paragraph>{t("balanceDue.reminder")}</Paragraph>}
      {payload.account && <AccountSummary locale={locale} account={payload.account} />}
      <Paragraph>{t("balanceDue.deadline", { deadline: formatEndOfDayDeadline(payload.dueOn, locale) })}</Paragraph>
      <ActionButton locale={locale} href={payload.payUrl} label={t("balanceDue.button", { amount })} />
      <SmallPrint>{t("balanceDue.note")}</SmallPrint>
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
