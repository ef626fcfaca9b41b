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
import type { Route } from "./+types/staff-invitation";

export { loader, action } from "./staff-invitation.server";
export const meta: Route.MetaFunction = ({ data: loaderData }) =>
  loaderData ? [...pageMeta(loaderData.locale, translatorFor(loaderData.locale)("staffInvitation.title")), { name: "robots", content: "noindex" }] : [];

/** An invited staff member sets their password (decision 027); then they log in and set up the second factor. */
export default function StaffInvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const href = useLocalizedHref();
  const submitting = useNavigation().state === "submitting";
  const [form, fields] = useAccountForm({ id: "staff-invitation", schema: resetConfirmSchema, locale: loaderData.locale, lastResult: actionData?.result });
  const done = actionData && "done" in actionData ? actionData.done : null;
  if (done) {
    return (
      <PageCard title={t("staffInvitation.title")}>
        <div className="space-y-5">
          <FormMessage tone="success">{done}</FormMessage>
          <Button to={href("/login")}>{t("staffInvitation.toLogin")}</Button>
        </div>
      </PageCard>
    );
  }
  if (!loaderData.email) {
    return (
      <PageCard title={t("staffInvitation.invalidTitle")}>
        <p className="text-ink">{t("staffInvitation.invalidText")}</p>
      </PageCard>
    );
  }
  return (
    <PageCard title={t("staffInvitation.title")} intro={<p>{t("staffInvitation.intro", { email: loaderData.email })}</p>}>
      <Form method="post" className="space-y-5" {...getFormProps(form)}>
        {form.errors?.[0] && <FormMessage tone="error">{form.errors[0]}</FormMessage>}
        <NewPasswordFields password={fields.password} confirmation={fields.password_confirmation} labels="plain" />
        <p className="text-xs text-ink-soft">{t("form.requiredNote")}</p>
        <Button type="submit" size="lg" disabled={submitting}>
          {t("staffInvitation.submit")}
        </Button>
      </Form>
    </PageCard>
  );
}
