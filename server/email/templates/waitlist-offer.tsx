import { formatDate } from "../../../core/domain/dates";
import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText, formatDeadline, pluralText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import { waitlistOfferValidHours, type WaitlistOfferPayload } from "../email-messages";

export function waitlistOfferSubject(locale: Locale, payload: WaitlistOfferPayload): string {
  return fillText(emailCatalogues[locale].waitlistOffer.subject, { eventTitle: payload.eventTitle });
}

/** Places freed on a fully booked event, held for the first waiting party that fits until the offer runs out. */
export function WaitlistOffer({ locale, payload }: { locale: Locale; payload: WaitlistOfferPayload }) {
  const text = emailCatalogues[locale].waitlistOffer;
  const expiresAt = formatDeadline(payload.expiresAt, locale);
  return (
    <EmailLayout
      locale={locale}
      title={waitlistOfferSubject(locale, payload)}
      preview={fillText(text.preview, { expiresAt })}
      heading={text.heading}
      name={payload.name}
    >
      <Paragraph>{pluralText(text.intro, payload.partySize, locale, { eventTitle: payload.eventTitle, date: formatDate(payload.startsOn, locale) })}</Paragraph>
      <Paragraph>{pluralText(text.held, payload.partySize, locale, { expiresAt, hours: waitlistOfferValidHours })}</Paragraph>
      <ActionButton locale={locale} href={payload.offerUrl} label={text.button} />
      <SmallPrint>{text.ignore}</SmallPrint>
    </EmailLayout>
  );
}
