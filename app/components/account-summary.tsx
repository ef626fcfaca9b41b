import { useTranslation } from "../utils/use-translation";
import type { AccountView } from "../../core/contracts/booking-account";
import { formatDate } from "../../core/domain/dates";
import { formatMoney } from "../../core/domain/money";
import type { Locale } from "../../core/i18n/locales";

/**
 * A booking's account as the customer and the desk both see it (decision 067): total, paid,
 * refunded, outstanding, and each instalment with its date and state. The figures come from the
 * server's one account function; this only formats them.
 */
export function AccountSummary({ account, locale }: { account: AccountView; locale: Locale }) {
  const { t } = useTranslation();
  const money = (cents: number) => formatMoney(cents, locale);
  const rows: [string, string, boolean][] = [[t("account.total"), money(account.total_cents), false]];
  if (account.owed_cents !== account.total_cents) rows.push([t("account.owed"), money(account.owed_cents), false]);
  rows.push([t("account.paid"), money(account.paid_cents), false]);
  if (account.refunded_cents > 0) {
    rows.push([t("account.refunded"), money(account.refunded_cents), false]);
    rows.push([t("account.netPaid"), money(account.net_paid_cents), false]);
  }
  rows.push([t("account.outstanding"), money(account.outstanding_cents), true]);
  if (account.credit_cents > 0) rows.push([t("account.credit"), money(account.credit_cents), true]);
  return (
    <div data-testid="account-summary">
      <dl className="divide-y divide-navy-900/10 text-sm">
        {rows.map(([label, value, strong]) => (
          <div key={label} className="flex justify-between gap-4 py-2">
            <dt className="text-ink-soft">{label}</dt>
            <dd className={strong ? "font-bold text-navy-900" : "font-semibold text-navy-900"}>{value}</dd>
          </div>
        ))}
      </dl>
      {account.dues.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-navy-900">{t("account.dues")}</h3>
          <ul className="mt-1 divide-y divide-navy-900/10 text-sm" data-testid="account-dues">
            {account.dues.map((due) => (
              <li key={due.kind} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                <span>
                  <span className="font-semibold text-navy-900">
                    {t(`account.kinds.${due.kind}`)} {money(due.amount_cents)}
                  </span>{" "}
                  <span className="text-ink-soft">
                    {due.due_on ? t("account.dueBy", { date: formatDate(due.due_on, locale) }) : t("account.dueAfterVerification")}
                  </span>
                </span>
                <span className={due.outstanding_cents === 0 ? "text-emerald-800" : due.fallen_due ? "font-semibold text-red-800" : "text-ink-soft"}>
                  {t(`account.dueStates.${due.outstanding_cents === 0 ? "paid" : due.fallen_due ? "dueNow" : "open"}`)}
                  {due.outstanding_cents > 0 && due.paid_cents > 0 ? ` · ${money(due.outstanding_cents)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
