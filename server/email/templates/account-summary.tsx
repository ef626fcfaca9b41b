import { Text } from "@react-email/text";
import type { CSSProperties } from "react";
import { formatDate } from "../../../core/domain/dates";
import { formatMoney } from "../../../core/domain/money";
import type { Locale } from "../../../core/i18n/locales";
import { emailText } from "../email-catalogue";
import { brandColors } from "../email-layout";
import type { EmailAccount } from "../../deps/email-messages";

const styles = {
  table: { width: "100%", borderCollapse: "collapse", color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "8px 0" },
  cell: { padding: "2px 0", textAlign: "left" },
  amount: { padding: "2px 0 2px 16px", textAlign: "right", whiteSpace: "nowrap" },
  strong: { padding: "2px 0", textAlign: "left", fontWeight: 700 },
  strongAmount: { padding: "2px 0 2px 16px", textAlign: "right", whiteSpace: "nowrap", fontWeight: 700 },
  due: { color: brandColors.ink, fontSize: "15px", lineHeight: "24px", margin: "4px 0", fontWeight: 700 },
} satisfies Record<string, CSSProperties>;

/** One sentence per instalment still open: due now once its date has come, else due by its date (or after a request is verified). */
export function dueSentences(locale: Locale, account: EmailAccount): string[] {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const open = account.dues.filter((due) => due.outstandingCents > 0);
  const sentences: string[] = [];
  const fallen = open.filter((due) => due.fallenDue);
  if (fallen.length > 0) sentences.push(t("account.dueNow", { amount: money(account.dueNowCents) }));
  for (const due of open.filter((candidate) => !candidate.fallenDue)) {
    sentences.push(
      due.dueOn
        ? t(`account.dueBy.${due.kind}`, { amount: money(due.outstandingCents), date: formatDate(due.dueOn, locale) })
        : t(`account.dueAfterVerification.${due.kind}`, { amount: money(due.outstandingCents) }),
    );
  }
  if (fallen.length === 0 && open.some((due) => due.dueOn)) sentences.push(t("account.payEarly"));
  return sentences;
}

/**
 * The booking account in a mail (decision 067): total, paid, refunded and outstanding as the manage
 * page shows them, then what is due by which date. The same figures everywhere: they come from one function.
 */
export function AccountSummary({ locale, account }: { locale: Locale; account: EmailAccount }) {
  const t = emailText(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const rows: [string, number, boolean][] = [[t("account.total"), account.totalCents, false]];
  if (account.owedCents !== account.totalCents) rows.push([t("account.owed"), account.owedCents, false]);
  if (account.paidCents > 0) rows.push([t("account.paid"), account.paidCents, false]);
  if (account.refundedCents > 0) rows.push([t("account.refunded"), account.refundedCents, false]);
  rows.push([t("account.outstanding"), account.outstandingCents, true]);
  if (account.creditCents > 0) rows.push([t("account.credit"), account.creditCents, true]);
  return (
    <>
      {/* data-text-format lets the plain-text part lay the lines out as aligned columns. */}
      <table style={styles.table} data-text-format="dataTable" role="presentation">
        <tbody>
          {rows.map(([label, cents, strong]) => (
            <tr key={label}>
              <td style={strong ? styles.strong : styles.cell}>{label}</td>
              <td style={strong ? styles.strongAmount : styles.amount}>{money(cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {dueSentences(locale, account).map((sentence) => (
        <Text key={sentence} style={styles.due}>
          {sentence}
        </Text>
      ))}
    </>
  );
}
