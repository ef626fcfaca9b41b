import { getFormProps } from "@conform-to/react";
import { useTranslation } from "../../utils/use-translation";
import { Form, useNavigation } from "react-router";
import { resetConfirmSchema } from "../../../core/contracts/auth";
import { translatorFor } from "../../../core/i18n/i18n";
import { Button } from "../../components/button";
import { FormMessage } from "../../components/field";
import { NewPasswordFields } from "../../components/new-password-fields";
import { PageCard } from "../../components/page-card";
import { useAccountForm } from "../../utils/account-forms";
import { useLocalizedHref } from "../../utils/locale";
import { pageMeta } from "../../utils/meta";
import type { Route } from "./+types/activate-account";

export { loader, action } from "./activate-account.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? pageMeta(loaderData.locale, translatorFor(loaderData.locale)("activation.title")) : [];

/** Sets the first password of an account made while booking, which activates it (the new-password form's pieces). */
export default function ActivateAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: "activate-account", schema: resetConfirmSchema, locale: loaderData.locale, lastResult: actionData?.result });
  const done = actionData && "done" in actionData ? actionData.done : null;
  if (done) {
    return (
      <PageCard title={t("activation.title")}>
        <div className="space-y-5">
          <FormMessage tone="success">{done}</FormMessage>
          <Button to={href("/login")}>{t("login.submit")}</Button>
        </div>
      </PageCard>
    );
  }
  if (!loaderData.linkValid) {
    return (
      <PageCard title={t("activation.title")}>
        <div className="space-y-5">
          <FormMessage tone="error">{t("activation.linkInvalid")}</FormMessage>
          <p className="text-ink">{t("activation.requestNew")}</p>
          <Button to={href("/reset-password")}>{t("activation.requestNewButton")}</Button>
        </div>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("activation.title")} intro={<p>{t("activation.intro")}</p>}>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
        <NewPasswordFields password={fields.password} confirmation={fields.password_confirmation} labels="plain" />
        <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
        <Button type="submit" size="lg" disabled={submitting}>
          {t("activation.submit")}
        </Button>
      </Form>
    </PageCard>
  );
}
