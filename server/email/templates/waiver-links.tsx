import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import type { CSSProperties } from "react";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { brandColors, Paragraph } from "../email-layout";

const styles = {
  subheading: { color: brandColors.navy, fontSize: "17px", lineHeight: "24px", margin: "24px 0 4px" },
  list: { color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "8px 0", paddingLeft: "20px" },
  link: { color: brandColors.navy, textDecoration: "underline", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

/**
 * Each person's own sign link for the event's waiver (decision 080), written out in full so that it
 * survives the plain-text part: in the confirmation and in the reminders for what is missing.
 */
export function WaiverLinks({ locale, people }: { locale: Locale; people: readonly { name: string; url: string }[] }) {
  const t = emailText(locale);
  if (people.length === 0) return null;
  return (
    <>
      <Heading as="h2" style={styles.subheading}>
        {t("waiver.heading")}
      </Heading>
      <Paragraph>{t("waiver.intro", { count: people.length })}</Paragraph>
      <ul style={styles.list}>
        {people.map((person) => (
          <li key={person.url}>
            {person.name}
            {": "}
            <Link href={person.url} style={styles.link}>
              {person.url}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
