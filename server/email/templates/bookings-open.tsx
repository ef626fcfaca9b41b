import { formatDateRange } from "../../../core/domain/dates";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { BookingsOpenPayload } from "../../deps/email-messages";

export function bookingsOpenSubject(locale: Locale, payload: BookingsOpenPayload): string {
  return emailText(locale)("bookingsOpen.subject", { eventTitle: payload.eventTitle });
}

/** To a "notify me" sign-up, once: the event it waited for can be booked now (server/catalog/opening-notices.ts). */
export function BookingsOpen({ locale, payload }: { locale: Locale; payload: BookingsOpenPayload }) {
  const t = emailText(locale);
  const dates = formatDateRange(payload.startsOn, payload.endsOn, locale);
  return (
    <EmailLayout
      locale={locale}
      title={bookingsOpenSubject(locale, payload)}
      preview={t("bookingsOpen.preview", { eventTitle: payload.eventTitle })}
      heading={t("bookingsOpen.heading")}
      // A sign-up leaves only its address, so the greeting names that.
      name={payload.email}
    >
      <Paragraph>{t("bookingsOpen.intro", { eventTitle: payload.eventTitle, dates, location: payload.location })}</Paragraph>
      <ActionButton locale={locale} href={payload.eventUrl} label={t("bookingsOpen.button")} />
      <SmallPrint>{t("bookingsOpen.once")}</SmallPrint>
    </EmailLayout>
  );
}
