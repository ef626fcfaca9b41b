import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { BalanceDuePayload } from "../email-messages";

export function balanceDueSubject(locale: Locale, payload: BalanceDuePayload): string {
  const text = emailCatalogues[locale].balanceDue;
  return fillText(payload.reminder ? text.reminderSubject : text.subject, { code: payload.code });
}

/** The remainder falls due (30 days before the event): the amount, the date, and a link to pay it by card. */
export function BalanceDue({ locale, payload }: { locale: Locale; payload: BalanceDuePayload }) {
  const text = emailCatalogues[locale].balanceDue;
  const amount = formatMoney(payload.amountCents, locale);
  const date = formatDate(payload.dueOn, locale);
  return (
    <EmailLayout
      locale={locale}
      title={balanceDueSubject(locale, payload)}
      preview={fillText(text.preview, { amount, date })}
      heading={text.heading}
      name={payload.name}
    >
      <Paragraph>
        {fillText(text.intro, { eventTitle: payload.eventTitle, startsOn: formatDate(payload.startsOn, locale), amount, code: payload.code, date })}
      </Paragraph>
      {payload.reminder && <Paragraph>{text.reminder}</Paragraph>}
      <ActionButton locale={locale} href={payload.payUrl} label={fillText(text.button, { amount })} />
      <SmallPrint>{text.note}</SmallPrint>
    </EmailLayout>
  );
}
