import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { brandColors } from "../email-layout";

const styles = {
  box: { color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "20px 0 12px", padding: "12px 16px", backgroundColor: brandColors.page },
  link: { color: brandColors.navy, textDecoration: "underline", wordBreak: "break-all" },
} satisfies Record<string, CSSProperties>;

/**
 * "Manage my booking" in every booking e-mail (issue 12): the private signed link to the booking's
 * own page, for guests as much as for account holders. Written out in full, so it survives clients
 * that strip links and the plain-text part.
 */
export function ManageBookingLink({ locale, href }: { locale: Locale; href: string }) {
  const t = emailText(locale);
  return (
    <Text style={styles.box}>
      {t("manageLink.intro")}
      <br />
      <strong>{t("manageLink.label")}</strong>
      {": "}
      <Link href={href} style={styles.link}>
        {href}
      </Link>
    </Text>
  );
}
