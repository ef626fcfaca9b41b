import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { getFormProps } from "@conform-to/react";
import { loginRequestSchema } from "../../../core/contracts/auth";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/login";
import type { RouteHandle } from "../../utils/route-handle";

export { loader, action } from "./login.server";
export const handle = { caching: "public" } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.login.title")) : [];

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const [searchParams] = useSearchParams();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: "login", schema: loginRequestSchema, locale: loaderData.locale, lastResult: actionData?.result });
  return (
    <PageCard title={t("login.title")} intro={<p>{t("login.intro")}</p>}>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        {form.errors?.[0] ? (
          <FormMessage tone="error">{form.errors[0]}</FormMessage>
        ) : (
          searchParams.get("expired") && (
            <FormMessage tone="error">{t(searchParams.get("expired") === "codes" ? "login.tooManyCodes" : "login.expired")}</FormMessage>
          )
        )}
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <Field field={fields.email} type="email" autoComplete="email" label={t("fields.email")} required />
        <Field field={fields.password} type="password" autoComplete="current-password" label={t("fields.password")} required />
        <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button type="submit" size="lg" disabled={submitting}>
            {submitting ? t("login.submitting") : t("login.submit")}
          </Button>
          <Link to={href("/reset-password")} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
            {t("login.forgotPassword")}
          </Link>
        </div>
      </Form>
      <div className="mt-8 grid gap-4 border-t border-navy-900/10 pt-6 sm:grid-cols-2">
        <div>
          <p className="text-sm font-semibold text-navy-900">{t("login.noAccount")}</p>
          <Button to={href("/register")} variant="secondary" className="mt-2">
            {t("login.createAccount")}
          </Button>
        </div>
        <div>
          <p className="text-sm text-ink-soft">{t("login.guestText")}</p>
          <Button to={href("/events")} variant="ghost" className="mt-2">
            {t("login.guest")}
          </Button>
        </div>
      </div>
    </PageCard>
  );
}
