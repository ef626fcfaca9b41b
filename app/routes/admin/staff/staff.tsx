import { getFormProps, getSelectProps } from "@conform-to/react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { staffInvitationFormSchema, type StaffAccount } from "../../../../core/contracts/staff-accounts";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localeNames, locales } from "../../../../core/i18n/locales";
import { AdminTable } from "../../../components/admin/admin-table";
import { ConfirmAction } from "../../../components/admin/confirm-action";
import { Button } from "../../../components/button";
import { Field, FormMessage } from "../../../components/field";
import { useAccountForm } from "../../../utils/account-forms";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/staff";
import { AdminListCard, AdminPageHeading } from "../../../components/admin/admin-page-parts";

export { loader, action } from "./staff.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.staff.title")), { name: "robots", content: "noindex" }] : [];

type ActionData = Route.ComponentProps["actionData"];

const selectClass = "mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2.5 text-base text-ink shadow-sm";

function InviteForm({ locale, actionData }: { locale: Route.ComponentProps["loaderData"]["locale"]; actionData: ActionData }) {
  const { t } = useTranslation();
  const submitting = useNavigation().state === "submitting";
  const lastResult = actionData?.intent === "invite" ? actionData.result : null;
  const [form, fields] = useAccountForm({
    id: "invite",
    schema: staffInvitationFormSchema,
    locale,
    lastResult,
    defaultValue: { role: "staff", locale, intent: "invite" },
  });
  const selectError = (errors: string[] | undefined, id: string) =>
    errors?.[0] ? (
      <p id={id} className="mt-1.5 text-sm font-medium text-danger-700">
        {errors[0]}
      </p>
    ) : null;
  return (
    <section aria-labelledby="invite-title" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
      <h2 id="invite-title" className="font-display text-xl font-semibold text-navy-900">
        {t("admin.staff.inviteTitle")}
      </h2>
      <p className="mt-1 text-sm text-ink-soft">{t("admin.staff.inviteIntro")}</p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-start" {...getFormProps(form)}>
        {form.errors?.[0] && (
          <div className="sm:col-span-2 lg:col-span-4">
            <FormMessage tone="error">{form.errors[0]}</FormMessage>
          </div>
        )}
        <input type="hidden" name="intent" value="invite" />
        <Field field={fields.name} label={t("admin.staff.name")} autoComplete="off" required />
        <Field field={fields.email} type="email" label={t("fields.email")} autoComplete="off" required />
        <div>
          <label htmlFor={fields.role.id} className="block text-sm font-semibold text-navy-900">
            {t("admin.staff.role")}
          </label>
          <select
            {...getSelectProps(fields.role)}
            key={fields.role.key}
            className={selectClass}
            aria-describedby={fields.role.errors ? fields.role.errorId : undefined}
          >
            <option value="staff">{t("admin.roles.staff")}</option>
            <option value="admin">{t("admin.roles.admin")}</option>
          </select>
          {selectError(fields.role.errors, fields.role.errorId)}
        </div>
        <div>
          <label htmlFor={fields.locale.id} className="block text-sm font-semibold text-navy-900">
            {t("admin.staff.language")}
          </label>
          <select
            {...getSelectProps(fields.locale)}
            key={fields.locale.key}
            className={selectClass}
            aria-describedby={fields.locale.errors ? fields.locale.errorId : undefined}
          >
            {locales.map((option) => (
              <option key={option} value={option} lang={option}>
                {localeNames[option]}
              </option>
            ))}
          </select>
          {selectError(fields.locale.errors, fields.locale.errorId)}
        </div>
        <div className="sm:col-span-2 lg:col-span-4">
          <Button type="submit" disabled={submitting}>
            {t("admin.staff.invite")}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function StatusOf({ account }: { account: StaffAccount }) {
  const { t } = useTranslation();
  const [label, style] = account.disabled
    ? [t("admin.staff.status.disabled"), "bg-danger-50 text-danger-700"]
    : account.invitation_pending
      ? [t("admin.staff.status.invited"), "bg-gold-100 text-navy-900"]
      : [t("admin.staff.status.active"), "bg-success-50 text-success-700"];
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>{label}</span>;
}

function AccountActions({ account }: { account: StaffAccount }) {
  const { t } = useTranslation();
  const otherRole = account.role === "admin" ? "staff" : "admin";
  const fields = (change: string, extra: Record<string, string> = {}) => ({ intent: "change", uuid: account.uuid, change, ...extra });
  if (account.invitation_pending && !account.disabled)
    return (
      <div className="flex flex-wrap gap-2">
        <ConfirmAction
          label={t("admin.staff.resendInvitation")}
          title={t("admin.staff.resendInvitation")}
          confirmLabel={t("admin.staff.resendInvitation")}
          fields={{ intent: "resend_invitation", uuid: account.uuid }}
        >
          <p>{t("admin.staff.resendInvitationText", { name: account.name, email: account.email })}</p>
        </ConfirmAction>
        <ConfirmAction
          label={t("admin.staff.revokeInvitation")}
          title={t("admin.staff.revokeInvitation")}
          confirmLabel={t("admin.staff.revokeInvitation")}
          fields={{ intent: "revoke_invitation", uuid: account.uuid }}
          tone="danger"
        >
          <p>{t("admin.staff.revokeInvitationText", { name: account.name })}</p>
        </ConfirmAction>
      </div>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmAction
        label={t(`admin.staff.makeRole.${otherRole}`)}
        title={t(`admin.staff.makeRole.${otherRole}`)}
        confirmLabel={t("admin.staff.confirmRole")}
        fields={fields("role", { role: otherRole })}
      >
        <p>{t("admin.staff.roleText", { name: account.name, role: t(`admin.roles.${otherRole}`) })}</p>
      </ConfirmAction>
      {account.disabled ? (
        <ConfirmAction label={t("admin.staff.enable")} title={t("admin.staff.enable")} confirmLabel={t("admin.staff.enable")} fields={fields("enable")}>
          <p>{t("admin.staff.enableText", { name: account.name })}</p>
        </ConfirmAction>
      ) : (
        <ConfirmAction
          label={t("admin.staff.disable")}
          title={t("admin.staff.disable")}
          confirmLabel={t("admin.staff.disable")}
          fields={fields("disable")}
          tone="danger"
        >
          <p>{t("admin.staff.disableText", { name: account.name })}</p>
        </ConfirmAction>
      )}
      {account.second_factor && (
        <ConfirmAction
          label={t("admin.staff.resetFactor")}
          title={t("admin.staff.resetFactor")}
          confirmLabel={t("admin.staff.resetFactor")}
          fields={fields("reset_second_factor")}
          tone="danger"
        >
          <p>{t("admin.staff.resetFactorText", { name: account.name })}</p>
        </ConfirmAction>
      )}
    </div>
  );
}

export default function AdminStaffPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { accounts, self, locale } = loaderData;
  const message = actionData?.message;
  const failed = actionData && "failed" in actionData;
  return (
    <div className="space-y-6">
      <AdminPageHeading title={t("admin.staff.title")} intro={t("admin.staff.intro")} />
      {message && <FormMessage tone={failed ? "error" : "success"}>{message}</FormMessage>}
      <InviteForm locale={locale} actionData={actionData} />
      <AdminListCard headingId="accounts-title" heading={<>{t("admin.staff.accounts", { count: accounts.length })}</>}>
        {/* Its own scrolling region on narrow screens, reachable by keyboard. */}
        <AdminTable
          labelledBy="accounts-title"
          minWidth="46rem"
          headers={[
            t("admin.staff.name"),
            t("admin.staff.role"),
            t("admin.staff.secondFactor"),
            t("admin.staff.statusTitle"),
            <span key="actions" className="sr-only">
              {t("admin.staff.actions")}
            </span>,
          ]}
        >
          {accounts.map((account) => (
            <tr key={account.uuid}>
              <th scope="row" className="px-5 py-3 font-normal sm:px-6">
                <span className="block font-semibold text-navy-900">{account.name}</span>
                <span className="block break-words text-ink-soft">{account.email}</span>
              </th>
              <td className="px-3 py-3">{t(`admin.roles.${account.role}`)}</td>
              <td className="px-3 py-3">{account.second_factor ? t("admin.staff.factorOn") : t("admin.staff.factorOff")}</td>
              <td className="px-3 py-3">
                <StatusOf account={account} />
              </td>
              <td className="px-3 py-3">
                {account.uuid === self ? <span className="text-ink-soft">{t("admin.staff.you")}</span> : <AccountActions account={account} />}
              </td>
            </tr>
          ))}
        </AdminTable>
      </AdminListCard>
    </div>
  );
}
