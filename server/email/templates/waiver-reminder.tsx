import type { Locale } from "../../../core/i18n/locales";
import { formatDate } from "../../../core/domain/dates";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { WaiverReminderPayload } from "../../deps/email-messages";
import { ManageBookingLink } from "./manage-booking-link";
import { WaiverLinks } from "./waiver-links";

export function waiverReminderSubject(locale: Locale, payload: WaiverReminderPayload): string {
  return emailText(locale)("waiverReminder.subject", { code: payload.code, eventTitle: payload.eventTitle });
}

/** Before the event, what is still missing (decision 080): whose waiver, each with their own sign link. */
export function WaiverReminder({ locale, payload }: { locale: Locale; payload: WaiverReminderPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={waiverReminderSubject(locale, payload)}
      preview={t("waiverReminder.preview", { eventTitle: payload.eventTitle })}
      heading={t("waiverReminder.heading")}
      name={payload.name}
    >
      <Paragraph>{t("waiverReminder.intro", { eventTitle: payload.eventTitle, date: formatDate(payload.startsOn, locale), count: payload.people.length })}</Paragraph>
      <WaiverLinks locale={locale} people={payload.people} />
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
