import { Form, Link } from "react-router";
import { useTranslation } from "../../../utils/use-translation";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath } from "../../../../core/i18n/locales";
import { AdminTable } from "../../../components/admin/admin-table";
import { AdminListCard, AdminPageHeading } from "../../../components/admin/admin-page-parts";
import { smallButton } from "../../../components/admin/move-buttons";
import { Button } from "../../../components/button";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/vouchers";

export { loader, action } from "./vouchers.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.vouchers.title")), { name: "robots", content: "noindex" }] : [];

/** The discount codes (decision 079): discount, validity, uses, what they are for, active or not; edit, deactivate, activate. */
export default function AdminVouchersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { vouchers, locale, saved } = loaderData;
  return (
    <div className="space-y-6">
      <AdminPageHeading
        title={t("admin.vouchers.title")}
        intro={t("admin.vouchers.intro")}
        action={<Button to={localizePath("/admin/vouchers/new", locale)}>{t("admin.vouchers.new")}</Button>}
      />
      <div aria-live="polite">
        {actionData?.message ? (
          <FormMessage tone={"failed" in actionData ? "error" : "success"}>{actionData.message}</FormMessage>
        ) : (
          saved && <FormMessage tone="success">{t("admin.vouchers.created", { code: saved })}</FormMessage>
        )}
      </div>
      <AdminListCard
        headingId="vouchers-title"
        heading={
          <>
            {t("admin.vouchers.title")} ({vouchers.length})
          </>
        }
        emptyText={vouchers.length === 0 ? t("admin.vouchers.empty") : null}
      >
        <AdminTable
          labelledBy="vouchers-title"
          minWidth="56rem"
          headers={[
            t("admin.vouchers.columns.code"),
            t("admin.vouchers.columns.discount"),
            t("admin.vouchers.columns.valid"),
            t("admin.vouchers.columns.uses"),
            t("admin.vouchers.columns.restricted"),
            t("admin.vouchers.columns.status"),
            <span key="actions" className="sr-only">
              {t("admin.vouchers.columns.actions")}
            </span>,
          ]}
        >
          {vouchers.map((voucher) => (
            <tr key={voucher.id} data-testid={`voucher-${voucher.code}`}>
              <th scope="row" className="px-5 py-3 text-left font-mono font-semibold text-navy-900 sm:px-6">
                {voucher.code}
              </th>
              <td className="px-3 py-3 tabular-nums">{voucher.discount}</td>
              <td className="px-3 py-3">{voucher.validity}</td>
              <td className="px-3 py-3 tabular-nums">
                <span className="block">{voucher.uses}</span>
                {voucher.perCustomer && <span className="block text-ink-soft">{voucher.perCustomer}</span>}
              </td>
              <td className="px-3 py-3">{voucher.restricted}</td>
              <td className="px-3 py-3">
                {voucher.active ? <span className="text-success-700">{t("admin.vouchers.active")}</span> : <span className="text-ink-soft">{t("admin.vouchers.inactive")}</span>}
              </td>
              <td className="px-3 py-3">
                <div className="flex flex-wrap gap-2">
                  <Link to={localizePath(`/admin/vouchers/${voucher.id}`, locale)} className={smallButton} aria-label={t("admin.vouchers.edit", { code: voucher.code })}>
                    {t("admin.categories.edit")}
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="id" value={voucher.id} />
                    <button
                      type="submit"
                      name="intent"
                      value={voucher.active ? "deactivate" : "activate"}
                      className={smallButton}
                      aria-label={`${voucher.active ? t("admin.vouchers.deactivate") : t("admin.vouchers.activate")}: ${voucher.code}`}
                    >
                      {voucher.active ? t("admin.vouchers.deactivate") : t("admin.vouchers.activate")}
                    </button>
                  </Form>
                </div>
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminListCard>
    </div>
  );
}
