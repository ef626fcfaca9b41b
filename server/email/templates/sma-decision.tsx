import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailCatalogues, fillText } from "../email-catalogue";
import { ActionButton, EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import type { SmaRejectedPayload, SmaRequestedPayload, SmaVerifiedPayload } from "../email-messages";

export function smaVerifiedSubject(locale: Locale, payload: SmaVerifiedPayload): string {
  return fillText(emailCatalogues[locale].smaVerified.subject, { code: payload.code });
}

/** Staff verified the request by phone: the booking is confirmed, and the link continues to the payment. */
export function SmaVerified({ locale, payload }: { locale: Locale; payload: SmaVerifiedPayload }) {
  const text = emailCatalogues[locale].smaVerified;
  return (
    <EmailLayout locale={locale} title={smaVerifiedSubject(locale, payload)} preview={text.preview} heading={text.heading} name={payload.name}>
      <Paragraph>{fillText(text.intro, { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      {payload.amountCents > 0 && <Paragraph>{fillText(text.pay, { amount: formatMoney(payload.amountCents, locale) })}</Paragraph>}
      <ActionButton locale={locale} href={payload.payUrl} label={text.button} />
      <SmallPrint>{text.note}</SmallPrint>
    </EmailLayout>
  );
}

export function smaRejectedSubject(locale: Locale, payload: SmaRejectedPayload): string {
  return fillText(emailCatalogues[locale].smaRejected.subject, { code: payload.code });
}

/** Staff could not verify the request: the places are released, nothing was charged. */
export function SmaRejected({ locale, payload }: { locale: Locale; payload: SmaRejectedPayload }) {
  const text = emailCatalogues[locale].smaRejected;
  return (
    <EmailLayout locale={locale} title={smaRejectedSubject(locale, payload)} preview={text.preview} heading={text.heading} name={payload.name}>
      <Paragraph>{fillText(text.intro, { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      <ActionButton locale={locale} href={payload.eventsUrl} label={text.button} />
    </EmailLayout>
  );
}

export function smaRequestedSubject(locale: Locale, payload: SmaRequestedPayload): string {
  return fillText(emailCatalogues[locale].smaRequested.subject, { code: payload.code });
}

/** To staff: whom to call about which request, and how to record the decision until the back office exists. */
export function SmaRequested({ locale, payload }: { locale: Locale; payload: SmaRequestedPayload }) {
  const text = emailCatalogues[locale].smaRequested;
  return (
    <EmailLayout locale={locale} title={smaRequestedSubject(locale, payload)} preview={text.preview} heading={text.heading} name="Team">
      <Paragraph>
        {fillText(text.intro, {
          name: payload.name,
          code: payload.code,
          eventTitle: payload.eventTitle,
          people: payload.people,
          total: formatMoney(payload.totalCents, locale),
        })}
      </Paragraph>
      <Paragraph>{fillText(text.contact, { phone: payload.phone, email: payload.email, language: payload.customerLocale.toUpperCase() })}</Paragraph>
      <Paragraph>{fillText(text.decide, { bookingId: payload.bookingId })}</Paragraph>
    </EmailLayout>
  );
}
