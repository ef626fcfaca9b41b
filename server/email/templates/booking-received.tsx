import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import { formatDate, formatDateRange } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText, formatDeadline } from "../email-catalogue";
import { ActionButton, brandColors, EmailLayout, Paragraph } from "../email-layout";
import type { BookingReceivedPayload } from "../../deps/email-messages";
import { dueSentences } from "./account-summary";
import { WaiverLinks } from "./waiver-links";
import { ManageBookingLink } from "./manage-booking-link";

const styles = {
  codeBox: { backgroundColor: brandColors.page, borderLeft: `4px solid ${brandColors.gold}`, padding: "12px 16px", margin: "16px 0" },
  codeLabel: { color: brandColors.muted, fontSize: "13px", lineHeight: "20px", margin: 0 },
  code: { color: brandColors.navy, fontSize: "26px", lineHeight: "34px", fontWeight: 700, letterSpacing: "0.08em", margin: 0 },
  subheading: { color: brandColors.navy, fontSize: "17px", lineHeight: "24px", margin: "24px 0 4px" },
  list: { color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "8px 0", paddingLeft: "20px" },
  dayHeading: { color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "8px 0 0", fontWeight: 700 },
  table: { width: "100%", borderCollapse: "collapse", color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "8px 0" },
  cell: { padding: "4px 0", borderBottom: "1px solid #e3e6ec", textAlign: "left" },
  amount: { padding: "4px 0 4px 16px", borderBottom: "1px solid #e3e6ec", textAlign: "right", whiteSpace: "nowrap" },
  totalCell: { padding: "8px 0 4px", fontWeight: 700, textAlign: "left" },
  totalAmount: { padding: "8px 0 4px 16px", fontWeight: 700, textAlign: "right", whiteSpace: "nowrap" },
  due: { color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "4px 0", fontWeight: 700 },
} satisfies Record<string, CSSProperties>;

export function bookingReceivedSubject(locale: Locale, payload: BookingReceivedPayload): string {
  const t = emailText(locale);
  // A card booking is not complete until paid: the subject must not read like a confirmation (issue 12).
  return payload.paymentOption === "credit_card"
    ? t("bookingReceived.subjectPayNow", { code: payload.code, time: formatDeadline(payload.holdExpiresAt, locale) })
    : t(`bookingReceived.subjectBy.${payload.paymentOption}`, { code: payload.code });
}

/** Mails queued before the booking account (decision 067) say it as then: a card booking pays now, an invoice is transferred, a request (SMA) pays nothing until staff verified it. */
function dueText(t: ReturnType<typeof emailText>, payload: BookingReceivedPayload, money: (cents: number) => string): string {
  const amount = money(payload.remainderCents > 0 ? payload.depositCents : payload.totalCents);
  if (payload.paymentOption === "sma")
    return t(payload.remainderCents > 0 ? "bookingReceived.dueAfterVerification" : "bookingReceived.dueAfterVerificationInFull", { amount });
  return t(payload.remainderCents > 0 ? "bookingReceived.dueNow" : "bookingReceived.dueNowInFull", { amount });
}

/**
 * Sent when a booking is submitted: the code first (customers quote it on the phone), then what was
 * booked, what it costs, what is due now and later, and the next step of the chosen payment option.
 * A card booking's mail says the places are only held, until when (with the time zone), and carries
 * the pay link; a request (SMA) says nothing is charged before staff verified it. Every one carries
 * the "manage my booking" link, and what the law says about withdrawing from the event (issue 30).
 */
export function BookingReceived({ locale, payload }: { locale: Locale; payload: BookingReceivedPayload }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const roleOf = (person: BookingReceivedPayload["people"][number]) =>
    person.role === "main" ? t("bookingReceived.roles.main") : t(`bookingReceived.roles.${person.companionType ?? "companion"}`);
  return (
    <EmailLayout
      locale={locale}
      title={bookingReceivedSubject(locale, payload)}
      preview={t("bookingReceived.preview", { code: payload.code })}
      heading={t(`bookingReceived.headingBy.${payload.paymentOption}`)}
      name={payload.name}
    >
      <Paragraph>{t("bookingReceived.intro", { eventTitle: payload.eventTitle })}</Paragraph>
      <Section style={styles.codeBox}>
        <Text style={styles.codeLabel}>{t("bookingReceived.codeLabel")}</Text>
        <Text style={styles.code}>{payload.code}</Text>
      </Section>

      <Heading as="h2" style={styles.subheading}>
        {t("bookingReceived.eventHeading")}
      </Heading>
      <Paragraph>
        <strong>{payload.eventTitle}</strong>
        <br />
        {t("bookingReceived.dates", { dates: formatDateRange(payload.startsOn, payload.endsOn, locale) })}
        <br />
        {t("bookingReceived.location", { location: payload.location })}
      </Paragraph>

      <Heading as="h2" style={styles.subheading}>
        {t("bookingReceived.peopleHeading")}
      </Heading>
      <ul style={styles.list}>
        {payload.people.map((person, index) => (
          <li key={index}>{t("bookingReceived.person", { name: person.name, role: roleOf(person) })}</li>
        ))}
      </ul>
      <WaiverLinks locale={locale} people={payload.people.flatMap((person) => (person.waiverUrl ? [{ name: person.name, url: person.waiverUrl }] : []))} />

      {payload.days?.length ? (
        <>
          <Heading as="h2" style={styles.subheading}>
            {t("bookingReceived.daysHeading")}
          </Heading>
          {payload.days.map((day) => (
            <Section key={day.day}>
              <Text style={styles.dayHeading}>{t("bookingReceived.day", { day: day.day, date: formatDate(day.date, locale) })}</Text>
              <ul style={styles.list}>
                {day.items.map((item, index) => (
                  <li key={index}>{item}</li>
                ))}
              </ul>
            </Section>
          ))}
        </>
      ) : null}

      <Heading as="h2" style={styles.subheading}>
        {t("bookingReceived.priceHeading")}
      </Heading>
      {/* data-text-format lets the plain-text part lay the lines out as aligned columns. */}
      <table style={styles.table} data-text-format="dataTable" role="presentation">
        <tbody>
          {payload.lines.map((line, index) => (
            <tr key={index}>
              <td style={styles.cell}>{line.label}</td>
              <td style={styles.amount}>{money(line.amountCents)}</td>
            </tr>
          ))}
          <tr>
            <td style={styles.totalCell}>{t("bookingReceived.total")}</td>
            <td style={styles.totalAmount}>{money(payload.totalCents)}</td>
          </tr>
        </tbody>
      </table>
      {payload.account ? (
        dueSentences(locale, payload.account).map((sentence) => (
          <Text key={sentence} style={styles.due}>
            {sentence}
          </Text>
        ))
      ) : (
        <>
          <Text style={styles.due}>{dueText(t, payload, money)}</Text>
          {payload.remainderCents > 0 && payload.remainderDueOn && (
            <Text style={styles.due}>
              {t("bookingReceived.remainderDue", { amount: money(payload.remainderCents), date: formatDate(payload.remainderDueOn, locale) })}
            </Text>
          )}
        </>
      )}
      {payload.paymentOption === "sma" && <Paragraph>{t("bookingReceived.nothingChargedNow")}</Paragraph>}
      {payload.withdrawalNotice && (
        <>
          <Heading as="h2" style={styles.subheading}>
            {t("bookingReceived.withdrawalHeading")}
          </Heading>
          <Paragraph>{payload.withdrawalNotice}</Paragraph>
        </>
      )}

      <Heading as="h2" style={styles.subheading}>
        {t("bookingReceived.nextHeading")}
      </Heading>
      <Paragraph>
        {payload.paymentOption === "credit_card"
          ? t("bookingReceived.next.credit_card", { time: formatDeadline(payload.holdExpiresAt, locale) })
          : t(`bookingReceived.next.${payload.paymentOption}`)}
      </Paragraph>
      {payload.paymentOption === "credit_card" && payload.payUrl && (
        <ActionButton
          locale={locale}
          href={payload.payUrl}
          label={t("bookingReceived.payButton", {
            amount: money(
              payload.account
                ? payload.account.dueNowCents || payload.account.outstandingCents
                : payload.remainderCents > 0
                  ? payload.depositCents
                  : payload.totalCents,
            ),
          })}
        />
      )}
      <ManageBookingLink locale={locale} href={payload.manageUrl} />
    </EmailLayout>
  );
}
