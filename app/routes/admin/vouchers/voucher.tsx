import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { useTranslation } from "../../../utils/use-translation";
import { formatDate } from "../../../../core/domain/dates";
import { translatorFor } from "../../../../core/i18n/i18n";
import { localizePath } from "../../../../core/i18n/locales";
import { FormMessage } from "../../../components/field";
import { pageMeta } from "../../../utils/meta";
import type { Route } from "./+types/voucher";

export { loader, action } from "./voucher.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData
    ? [
        ...pageMeta(
          loaderData.locale,
          loaderData.voucher
            ? translatorFor(loaderData.locale)("admin.vouchers.edit", { code: loaderData.voucher.code })
            : translatorFor(loaderData.locale)("admin.vouchers.new"),
        ),
        { name: "robots", content: "noindex" },
      ]
    : [];

const inputClass = "mt-1 block w-full rounded-lg border bg-white px-3 py-2 text-base font-normal text-ink";

/** One labelled control with its hint and error, both tied to it for assistive technology. */
function Field({ id, label, hint, error, children }: { id: string; label: string; hint?: string | undefined; error?: string | undefined; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-navy-900">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A discount code's form (decision 079): code, amount or percentage, validity, limits and the events or categories it is for. */
export default function AdminVoucherPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { voucher, locale, events, categories } = loaderData;
  const values = actionData?.values ?? loaderData.values;
  const errors = actionData && "errors" in actionData ? (actionData.errors ?? {}) : {};
  const control = (name: string, hint: boolean) => {
    const error = errors[name]?.[0];
    return {
      id: `field-${name}`,
      name,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": [hint ? `field-${name}-hint` : "", error ? `field-${name}-error` : ""].filter(Boolean).join(" ") || undefined,
      className: `${inputClass} ${error ? "border-danger-700" : "border-navy-900/20"}`,
    };
  };
  const heading = voucher ? t("admin.vouchers.edit", { code: voucher.code }) : t("admin.vouchers.new");
  return (
    <div className="space-y-6">
      <div>
        <Link to={localizePath("/admin/vouchers", locale)} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
          {t("admin.vouchers.title")}
        </Link>
        <h1 id="page-title" className="mt-2 font-display text-3xl font-bold text-navy-900">
          {heading}
        </h1>
        {voucher && (
          <p className="mt-1 text-ink-soft">
            {t("admin.vouchers.columns.uses")}: {voucher.timesUsed} · {voucher.active ? t("admin.vouchers.active") : t("admin.vouchers.inactive")}
          </p>
        )}
      </div>
      <div aria-live="polite">{actionData?.message && <FormMessage tone={actionData.failed ? "error" : "success"}>{actionData.message}</FormMessage>}</div>
      <Form key={JSON.stringify(values)} method="post" noValidate className="space-y-6">
        <section className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:grid-cols-2 sm:p-6">
          <Field id="field-code" label={t("admin.vouchers.fields.code")} hint={t("admin.vouchers.fields.codeHint")} error={errors.code?.[0]}>
            <input {...control("code", true)} defaultValue={values.code} required autoComplete="off" spellCheck={false} maxLength={32} className={`${control("code", true).className} font-mono uppercase`} />
          </Field>
          <fieldset>
            <legend className="block text-sm font-semibold text-navy-900">{t("admin.vouchers.fields.kind")}</legend>
            <div className="mt-2 flex flex-wrap gap-4">
              {(["amount", "percent"] as const).map((kind) => (
                <label key={kind} className="inline-flex items-center gap-2 text-ink">
                  <input type="radio" name="discount_kind" value={kind} defaultChecked={values.discount_kind === kind} className="h-4 w-4" />
                  {t(`admin.vouchers.kinds.${kind}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            id="field-discount_value"
            label={t("admin.vouchers.fields.value")}
            hint={`${t("admin.vouchers.fields.amount")}: ${t("admin.vouchers.fields.valueHintAmount")} · ${t("admin.vouchers.fields.percent")}: ${t("admin.vouchers.fields.valueHintPercent")}`}
            error={errors.discount_value?.[0]}
          >
            <input {...control("discount_value", true)} name="value" defaultValue={values.value} inputMode="decimal" required />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="field-valid_from" label={t("admin.vouchers.fields.validFrom")} error={errors.valid_from?.[0]}>
              <input {...control("valid_from", false)} type="date" defaultValue={values.valid_from} />
            </Field>
            <Field id="field-valid_until" label={t("admin.vouchers.fields.validUntil")} error={errors.valid_until?.[0]}>
              <input {...control("valid_until", false)} type="date" defaultValue={values.valid_until} />
            </Field>
          </div>
          <Field id="field-usage_limit" label={t("admin.vouchers.fields.usageLimit")} hint={t("admin.vouchers.fields.limitHint")} error={errors.usage_limit?.[0]}>
            <input {...control("usage_limit", true)} defaultValue={values.usage_limit} inputMode="numeric" />
          </Field>
          <Field
            id="field-per_customer_limit"
            label={t("admin.vouchers.fields.perCustomerLimit")}
            hint={t("admin.vouchers.fields.limitHint")}
            error={errors.per_customer_limit?.[0]}
          >
            <input {...control("per_customer_limit", true)} defaultValue={values.per_customer_limit} inputMode="numeric" />
          </Field>
        </section>
        <section aria-describedby="restrict-hint" className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-navy-900/10 sm:grid-cols-2 sm:p-6">
          <p id="restrict-hint" className="text-sm text-ink-soft sm:col-span-2">
            {t("admin.vouchers.fields.restrictHint")}
          </p>
          <fieldset>
            <legend className="text-sm font-semibold text-navy-900">{t("admin.vouchers.fields.events")}</legend>
            <div className="mt-2 max-h-72 space-y-1.5 overflow-y-auto">
              {events.map((event) => (
                <label key={event.id} className="flex items-start gap-2 text-sm text-ink">
                  <input type="checkbox" name="event_ids" value={event.id} defaultChecked={values.event_ids.includes(event.id)} className="mt-0.5 h-4 w-4" />
                  <span>
                    {event.title} <span className="text-ink-soft">({formatDate(event.startsOn, locale)})</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset>
            <legend className="text-sm font-semibold text-navy-900">{t("admin.vouchers.fields.categories")}</legend>
            <div className="mt-2 space-y-1.5">
              {categories.map((category) => (
                <label key={category.id} className="flex items-center gap-2 text-sm text-ink">
                  <input type="checkbox" name="category_ids" value={category.id} defaultChecked={values.category_ids.includes(String(category.id))} className="h-4 w-4" />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
        </section>
        <button type="submit" className="rounded-full bg-navy-900 px-6 py-3 font-semibold text-white hover:bg-navy-700">
          {voucher ? t("admin.vouchers.save") : t("admin.vouchers.create")}
        </button>
      </Form>
    </div>
  );
}
