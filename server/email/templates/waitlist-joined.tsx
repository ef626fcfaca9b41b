import { formatDate } from "../../../core/domain/dates";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { EmailLayout, Paragraph, SmallPrint } from "../email-layout";
import { waitlistOfferValidHours, type WaitlistJoinedPayload } from "../../deps/email-messages";

export function waitlistJoinedSubject(locale: Locale, payload: WaitlistJoinedPayload): string {
  return emailText(locale)("waitlistJoined.subject", { eventTitle: payload.eventTitle });
}

/** The confirmation of a waitlist sign-up (issue 32): what happens next, and the signed link to leave the list. */
export function WaitlistJoined({ locale, payload }: { locale: Locale; payload: WaitlistJoinedPayload }) {
  const t = emailText(locale);
  return (
    <EmailLayout
      locale={locale}
      title={waitlistJoinedSubject(locale, payload)}
      preview={t("waitlistJoined.preview", { eventTitle: payload.eventTitle })}
      heading={t("waitlistJoined.heading")}
      name={payload.name}
    >
      <Paragraph>
        {t("waitlistJoined.intro", { eventTitle: payload.eventTitle, date: formatDate(payload.startsOn, locale), count: payload.partySize })}
      </Paragraph>
      <Paragraph>{t("waitlistJoined.position", { count: payload.position })}</Paragraph>
      <Paragraph>{t("waitlistJoined.next", { hours: waitlistOfferValidHours })}</Paragraph>
      <SmallPrint>
        {t("waitlistJoined.leave")}{" "}
        <a href={payload.leaveUrl} style={{ color: "inherit", textDecoration: "underline" }}>
          {t("waitlistJoined.leaveLink")}
        </a>
      </SmallPrint>
    </EmailLayout>
  );
}
