import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { NewPasswordFields } from "../../components/new-password-fields";
import { PageCard } from "../../components/page-card";
import { getFormProps } from "@conform-to/react";
import { resetConfirmSchema } from "../../../core/contracts/auth";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/new-password";

export { loader, action } from "./new-password.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("meta.newPassword.title")) : [];

export default function NewPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: "new-password", schema: resetConfirmSchema, locale: loaderData.locale, lastResult: actionData?.result });
  const done = actionData && "done" in actionData ? actionData.done : null;
  const linkExpired = !done && (!loaderData.linkUsable || (actionData && "linkExpired" in actionData && actionData.linkExpired));
  if (linkExpired) {
    return (
      <PageCard title={t("edges.resetLink.title")}>
        <div className="space-y-5">
          <FormMessage tone="info">{t("edges.resetLink.text")}</FormMessage>
          <Button to={href("/reset-password")}>{t("edges.resetLink.requestNew")}</Button>
        </div>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("reset.newTitle")}>
      {done ? (
        <div className="space-y-5">
          <FormMessage tone="success">{done}</FormMessage>
          <Button to={href("/login")}>{t("login.submit")}</Button>
        </div>
      ) : (
        <Form method="post" className="space-y-5" {...getFormProps(form)}>
          {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
          <NewPasswordFields password={fields.password} confirmation={fields.password_confirmation} />
          <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
          <Button type="submit" size="lg" disabled={submitting}>
            {t("reset.newSubmit")}
          </Button>
        </Form>
      )}
    </PageCard>
  );
}
