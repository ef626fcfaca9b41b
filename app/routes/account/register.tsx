import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { NewPasswordFields } from "../../components/new-password-fields";
import { PageCard } from "../../components/page-card";
import { getFormProps } from "@conform-to/react";
import { registerFormSchema } from "../../../core/contracts/auth";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/register";
import type { RouteHandle } from "../../utils/route-handle";

export { loader, action } from "./register.server";
export const handle = { caching: "public" } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.register.title")) : [];

export default function RegisterPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: "register", schema: registerFormSchema, locale: loaderData.locale, lastResult: actionData?.result });
  const sentTo = actionData && "sentTo" in actionData ? actionData.sentTo : null;
  if (sentTo) {
    return (
      <PageCard title={t("register.sentTitle")}>
        <FormMessage tone="success">{t("register.sentText", { email: sentTo })}</FormMessage>
        <p className="mt-4 text-sm text-ink-soft">{t("register.sentHint")}</p>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("register.title")} intro={<p>{t("register.intro")}</p>}>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
        {/* Each name once (spec: first_name, last_name); the account's `name` is made of the two (decision 026). */}
        <div className="grid gap-5 sm:grid-cols-2">
          <Field field={fields.first_name} autoComplete="given-name" label={t("fields.firstName")} required />
          <Field field={fields.last_name} autoComplete="family-name" label={t("fields.lastName")} required />
        </div>
        <Field field={fields.email} type="email" autoComplete="email" label={t("fields.email")} required />
        <NewPasswordFields password={fields.password} confirmation={fields.password_confirmation} labels="plain" />
        <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
        <Button type="submit" size="lg" disabled={submitting}>
          {submitting ? t("register.submitting") : t("register.submit")}
        </Button>
      </Form>
      <p className="mt-6 border-t border-navy-900/10 pt-5 text-sm text-ink-soft">
        {t("register.haveAccount")}{" "}
        <Link to={href("/login")} className="font-semibold text-navy-700 underline underline-offset-4">
          {t("login.submit")}
        </Link>
      </p>
    </PageCard>
  );
}
