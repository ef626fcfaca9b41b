import { formatDate } from "../../../core/domain/dates";
import type { Locale } from "../../../core/i18n/locales";
import { emailText, formatDeadline } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import { waitlistOfferValidHours, type WaitlistOfferPayload } from "../../deps/email-messages";

export function waitlistOfferSubject(locale: Locale, payload: WaitlistOfferPayload): string {
  return emailText(locale)("waitlistOffer.subject", { eventTitle: payload.eventTitle });
}

/** Places freed on a fully booked event, held for the first waiting party that fits until the offer runs out. */
export function WaitlistOffer({ locale, payload }: { locale: Locale; payload: WaitlistOfferPayload }) {
  const t = emailText(locale);
  const expiresAt = formatDeadline(payload.expiresAt, locale);
  return (
    <EmailLayout
      locale={locale}
      title={waitlistOfferSubject(locale, payload)}
      preview={t("waitlistOffer.preview", { expiresAt })}
      heading={t("waitlistOffer.heading")}
      name={payload.name}
    >
      <Paragraph>{t("waitlistOffer.intro", { eventTitle: payload.eventTitle, date: formatDate(payload.startsOn, locale), count: payload.partySize })}</Paragraph>
      <Paragraph>{t("waitlistOffer.held", { expiresAt, hours: waitlistOfferValidHours, count: payload.partySize })}</Paragraph>
      <ActionButton locale={locale} href={payload.offerUrl} label={t("waitlistOffer.button")} />
      <SmallPrint>{t("waitlistOffer.ignore")}</SmallPrint>
    </EmailLayout>
  );
}
