import type { CSSProperties } from "react";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { brandColors, EmailLayout, Paragraph } from "../email-layout";
import type { BookingDetailsChangedPayload } from "../../deps/email-messages";
import { AccountSummary } from "./account-summary";
import { ManageBookingLink } from "./manage-booking-link";

const styles = {
  table: { width: "100%", borderCollapse: "collapse", color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "8px 0" },
  head: { padding: "4px 8px 4px 0", borderBottom: "2px solid #e3e6ec", textAlign: "left", color: brandColors.muted, fontSize: "13px" },
  cell: { padding: "4px 8px 4px 0", borderBottom: "1px solid #e3e6ec", textAlign: "left", verticalAlign: "top" },
} satisfies Record<string, CSSProperties>;

export function bookingDetailsChangedSubject(locale: Locale, payload: BookingDetailsChangedPayload): string {
  return emailText(locale)("bookingDetailsChanged.subject", { code: payload.code });
}

/** Staff changed the booking's answers or companions (server/staff/bookings/booking-edit-support.ts): every change from → to, and the money afterwards. */
export function BookingDetailsChanged({ locale, payload }: { locale: Locale; payload: BookingDetailsChangedPayload }) {
  const t = emailText(locale);
  // The account when the mail carries it (decision 067): what is owed less what is paid, refunds counted.
  const outstanding = payload.account ? payload.account.outstandingCents - payload.account.creditCents : payload.totalCents - payload.paidCents;
  return (
    <EmailLayout
      locale={locale}
      title={bookingDetailsChangedSubject(locale, payload)}
      preview={t("bookingDetailsChanged.preview")}
      heading={t("bookingDetailsChanged.heading")}
      name={payload.name}
    >
      <Paragraph>{t("bookingDetailsChanged.intro", { code: payload.code, eventTitle: payload.eventTitle })}</Paragraph>
      {/* data-text-format lets the plain-text part lay the changes out as aligned columns. */}
      <table style={styles.table} data-text-format="dataTable">
        <thead>
          <tr>
            <th style={styles.head}>{t("bookingDetailsChanged.what")}</th>
            <th style={styles.head}>{t("bookingDetailsChanged.before")}</th>
            <th style={styles.head}>{t("bookingDetailsChanged.after")}</th>
          </tr>
        </thead>
        <tbody>
          {payload.changes.map((change, index) => (
            <tr key={index}>
              <td style={styles.cell}>{change.label}</td>
              <td style={styles.cell}>{change.from}</td>
              <td style={styles.cell}>{change.to}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {payload.account && <AccountSummary locale={locale} account={payload.account} />}
      <Paragraph>
        {outstanding > 0
          ? t("bookingDetailsChanged.outstanding", { total: formatMoney(payload.totalCents, locale), amount: formatMoney(outstanding, locale) })
          : outstanding < 0
            ? t("bookingDetailsChanged.overpaid", { total: formatMoney(payload.totalCents, locale), amount: formatMoney(-outstanding, locale) })
            : t("bookingDetailsChanged.settled", { total: formatMoney(payload.totalCents, locale) })}
      </Paragraph>
      <Paragraph>{t("bookingDetailsChanged.questions")}</Paragraph>
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
