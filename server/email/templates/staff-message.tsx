import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph } from "../email-layout";
import type { StaffMessagePayload } from "../../deps/email-messages";
import { ManageBookingLink } from "./manage-booking-link";

export function staffMessageSubject(_locale: Locale, payload: StaffMessagePayload): string {
  return payload.subject;
}

/**
 * A free message from staff about a booking, in the site's frame. The text is plain: React escapes it,
 * blank lines make paragraphs and single line breaks stay, so no markup a staff member types is rendered.
 */
export function StaffMessage({ locale, payload }: { locale: Locale; payload: StaffMessagePayload }) {
  const t = emailText(locale);
  const paragraphs = payload.body.split(/\r?\n\s*\r?\n/).filter((part) => part.trim() !== "");
  return (
    <EmailLayout locale={locale} title={payload.subject} preview={t("staffMessage.preview", { code: payload.code })} heading={payload.subject} name={payload.name}>
      {paragraphs.map((paragraph, index) => (
        <Paragraph key={index}>
          {paragraph.split(/\r?\n/).map((line, lineIndex) => (
            <span key={lineIndex}>
              {lineIndex > 0 && <br />}
              {line}
            </span>
          ))}
        </Paragraph>
      ))}
      <Paragraph>{t("staffMessage.about", { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
