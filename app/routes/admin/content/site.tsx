import { getFormProps, getSelectProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "../../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { siteSettingsSchema, vatTreatments } from "../../../../core/contracts/site";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localeNames, locales } from "../../../../core/i18n/locales";
import { TextAreaField } from "../../../components/admin/text-area-field";
import { Button } from "../../../components/button";
import { Field, FormMessage } from "../../../components/field";
import { useAccountForm } from "../../../utils/account-forms";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/site";
import { AdminPageHeading } from "../../../components/admin/admin-page-parts";

export { loader, action } from "./site.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("admin.site.title")), { name: "robots", content: "noindex" }] : [];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:p-6">
      <h2 id={id} className="font-display text-xl font-semibold text-navy-900">
        {title}
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export default function AdminSitePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { settings, locale } = loaderData;
  const submitting = useNavigation().state === "submitting";
  const { effective_widget_frame_ancestors: effective, ...stored } = settings;
  const values = { ...stored, updated_at: undefined };
  const [form, fields] = useAccountForm({
    id: "site-settings",
    schema: siteSettingsSchema,
    locale,
    lastResult: actionData?.result,
    defaultValue: {
      ...values,
      fax: values.fax ?? "",
      vat_id: values.vat_id ?? "",
      bank_name: values.bank_name ?? "",
      iban: values.iban ?? "",
      bic: values.bic ?? "",
      deposit_percent: String(values.deposit_percent),
      balance_due_days_before_event: String(values.balance_due_days_before_event),
      hold_minutes: String(values.hold_minutes),
      bank_transfer_due_days: String(values.bank_transfer_due_days),
      upload_retention_days: String(values.upload_retention_days),
      answer_retention_days: String(values.answer_retention_days),
      widget_frame_ancestors: values.widget_frame_ancestors.split(" ").join("\n"),
    },
  });
  const supportHours = fields.support_hours.getFieldset();
  const notice = fields.travel_operator_notice.getFieldset();
  const withdrawal = fields.leisure_withdrawal_notice.getFieldset();
  const vatError = fields.vat_treatment.errors?.[0];
  return (
    <div className="space-y-6">
      <AdminPageHeading title={t("admin.site.title")} intro={t("admin.site.intro")} />
      {actionData?.message && <FormMessage tone="success">{actionData.message}</FormMessage>}
      {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
      <Form method="post" className="space-y-6" {...getFormProps(form)}>
        <Section id="site-legal" title={t("admin.site.legal")}>
          <Field field={fields.company} label={t("admin.site.company")} required className="sm:col-span-2" />
          <Field field={fields.street} label={t("admin.site.street")} required />
          <Field field={fields.zip} label={t("admin.site.zip")} required />
          <Field field={fields.city} label={t("admin.site.city")} required />
          <Field field={fields.country} label={t("admin.site.country")} required maxLength={2} />
          <Field field={fields.phone} label={t("admin.site.phone")} type="tel" required />
          <Field field={fields.fax} label={t("admin.site.fax")} type="tel" />
          <Field field={fields.email} label={t("admin.site.email")} type="email" required />
          <Field field={fields.website} label={t("admin.site.website")} type="url" required />
          <Field field={fields.registry_court} label={t("admin.site.registryCourt")} required />
          <Field field={fields.managing_director} label={t("admin.site.managingDirector")} required />
          <Field field={fields.vat_id} label={t("admin.site.vatId")} />
        </Section>
        <Section id="site-support" title={t("admin.site.support")}>
          <Field field={fields.support_email} label={t("admin.site.supportEmail")} type="email" required className="sm:col-span-2" />
          {locales.map((locale) => (
            <Field key={locale} field={supportHours[locale]} label={`${t("admin.site.supportHours")} (${localeNames[locale]})`} lang={locale} required />
          ))}
          {locales.map((locale) => (
            <TextAreaField
              key={locale}
              field={notice[locale]}
              label={`${t("admin.site.travelOperatorNotice")} (${localeNames[locale]})`}
              lang={locale}
              rows={4}
            />
          ))}
        </Section>
        <Section id="site-booking-notices" title={t("admin.site.bookingNotices")}>
          {locales.map((locale) => (
            <TextAreaField
              key={locale}
              field={withdrawal[locale]}
              label={`${t("admin.site.leisureWithdrawalNotice")} (${localeNames[locale]})`}
              hint={t("admin.site.leisureWithdrawalNoticeHelp")}
              lang={locale}
              rows={5}
            />
          ))}
        </Section>
        <Section id="site-money" title={t("admin.site.money")}>
          <Field field={fields.deposit_percent} label={t("admin.site.depositPercent")} inputMode="numeric" required />
          <Field field={fields.balance_due_days_before_event} label={t("admin.site.balanceDays")} inputMode="numeric" required />
          <Field field={fields.hold_minutes} label={t("admin.site.holdMinutes")} inputMode="numeric" required />
          <Field field={fields.bank_transfer_due_days} label={t("admin.site.transferDueDays")} inputMode="numeric" required />
          <div className="sm:col-span-2">
            <label htmlFor={fields.vat_treatment.id} className="block text-sm font-semibold text-navy-900">
              {t("admin.site.vatTreatment")}
            </label>
            <select
              {...getSelectProps(fields.vat_treatment)}
              key={fields.vat_treatment.key}
              aria-describedby={vatError ? fields.vat_treatment.errorId : undefined}
              className="mt-1.5 block w-full rounded-lg border border-navy-900/20 bg-white px-3 py-2.5 text-base text-ink shadow-sm"
            >
              {vatTreatments.map((treatment) => (
                <option key={treatment} value={treatment}>
                  {t(`admin.site.vat.${treatment}`)}
                </option>
              ))}
            </select>
            {vatError && (
              <p id={fields.vat_treatment.errorId} className="mt-1.5 text-sm font-medium text-danger-700">
                {vatError}
              </p>
            )}
          </div>
        </Section>
        <Section id="site-bank" title={t("admin.site.bank")}>
          <Field field={fields.bank_name} label={t("admin.site.bankName")} className="sm:col-span-2" />
          <Field field={fields.iban} label={t("admin.site.iban")} autoComplete="off" spellCheck={false} />
          <Field field={fields.bic} label={t("admin.site.bic")} autoComplete="off" spellCheck={false} />
        </Section>
        <Section id="site-retention" title={t("admin.site.retention")}>
          <Field
            field={fields.upload_retention_days}
            label={t("admin.site.uploadRetentionDays")}
            hint={t("admin.site.uploadRetentionHelp")}
            inputMode="numeric"
            required
          />
          <Field
            field={fields.answer_retention_days}
            label={t("admin.site.answerRetentionDays")}
            hint={t("admin.site.answerRetentionHelp")}
            inputMode="numeric"
            required
          />
        </Section>
        <Section id="site-widget" title={t("admin.site.widget")}>
          <TextAreaField
            field={fields.widget_frame_ancestors}
            label={t("admin.site.frameAncestors")}
            hint={t("admin.site.frameAncestorsHelp", { fallback: effective })}
            rows={3}
            spellCheck={false}
            className="sm:col-span-2"
          />
        </Section>
        <Button type="submit" disabled={submitting}>
          {t("admin.site.save")}
        </Button>
      </Form>
    </div>
  );
}
