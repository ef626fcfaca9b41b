import { useTranslation } from "../../utils/use-translation";
import { Form, Link, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { Field, FormMessage } from "../../components/field";
import { PageCard } from "../../components/page-card";
import { getFormProps } from "@conform-to/react";
import { resetRequestSchema } from "../../../core/contracts/auth";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/reset-password";
import type { RouteHandle } from "../../utils/route-handle";

export { loader, action } from "./reset-password.server";
export const handle = { caching: "public" } satisfies RouteHandle;
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.resetPassword.title")) : [];

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: "reset-password", schema: resetRequestSchema, locale: loaderData.locale, lastResult: actionData?.result });
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <PageCard title={t("reset.title")} intro={sent ? undefined : <p>{t("reset.intro")}</p>}>
      {sent ? (
        <FormMessage tone="success">{sent}</FormMessage>
      ) : (
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
          <Field field={fields.email} type="email" autoComplete="email" label={t("fields.email")} required />
          <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
          <Button type="submit" size="lg" disabled={submitting}>
            {t("reset.submit")}
          </Button>
        </Form>
      )}
      <p className="mt-6 border-t border-navy-900/10 pt-5 text-sm">
        <Link to={href("/login")} className="font-semibold text-navy-700 underline underline-offset-4">
          {t("reset.backToLogin")}
        </Link>
      </p>
    </PageCard>
  );
}
